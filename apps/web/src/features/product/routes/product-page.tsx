import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Divider, Grid, Group, Image, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { availabilityText, brandLogoUrl, FALLBACK_CATALOG_ID, formatDate, formatMoney, hasRoles } from '@portal/domain/rules';
import type { Product } from '@portal/domain';
import { DestinationStatePrompt } from '@/components/destination-state-prompt';
import { useClientConfig } from '@/lib/client-config';
import { requestDestinationState, useSession, useSessionState } from '@/lib/session-store';
import { useProduct } from '../api/product';
import { ImageCarousel } from '../components/image-carousel';
import { QuantityOrder } from '../components/quantity-order';
import { ShippingNotices } from '../components/shipping-notices';

const STATUS_COLOR = { inStock: 'teal', outsideRegion: 'blue', backordered: 'orange', callForAvailability: 'gray' } as const;

/** Product details (spec 2, route /products/catalog/{catalogId}/{sku}). An unknown product goes back to /products/catalog. */
export function ProductPage() {
  const { catalogId = FALLBACK_CATALOG_ID, sku = '' } = useParams();
  const { branchNumber, destinationState } = useSessionState();
  const query = useProduct({ catalog: catalogId, sku, branchNumber, shipToState: destinationState });

  useEffect(() => {
    if (!destinationState) requestDestinationState();
  }, [destinationState]);

  if (!destinationState) {
    return <DestinationStatePrompt />;
  }
  if (branchNumber === null) return <Alert color="yellow">Choose a branch to see the product.</Alert>;
  if (query.isPending) return <Loader aria-label="Loading product" />;
  const answer = query.data;
  if (!answer?.product) {
    if (answer && answer.notFound) return <Navigate to="/products/catalog" replace />;
    return <Alert color="red">The product could not be loaded. Please try again later.</Alert>;
  }
  return <ProductDetails product={answer.product} />;
}

/** Out of stock with no receipt date: the sales address to ask, from the configuration, as a mailto link. */
function SalesContact() {
  const salesEmail = useClientConfig().data?.salesEmail;
  return (
    <Text size="sm" data-testid="availability-text">
      None in stock and no delivery date yet.
      {salesEmail && (
        <>
          {' '}
          Ask sales at{' '}
          <Anchor href={`mailto:${salesEmail}`} inherit>
            {salesEmail}
          </Anchor>
          .
        </>
      )}
    </Text>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { user } = useSession();
  const info = product.eCommerceInformation;
  const canOrder = hasRoles(user.roles, 'checkout', 'catalog');
  // A restricted-pricing user sees MSRP as the price: named so (issue 34).
  const atMsrp = user.restrictedPricing;

  return (
    <Stack gap="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ImageCarousel images={info.images} label={info.label} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductSummary product={product} canOrder={canOrder} atMsrp={atMsrp} />
        </Grid.Col>
      </Grid>

      <ProductSections product={product} />
    </Stack>
  );
}

/** Beside the images: brand, name, price, availability, ordering, shipping notices, identification, downloads. */
function ProductSummary({ product, canOrder, atMsrp }: { product: Product; canOrder: boolean; atMsrp: boolean }) {
  const info = product.eCommerceInformation;
  const logo = brandLogoUrl(product.brand);
  return (
    <Stack gap="sm">
      {logo && <Image src={logo} alt={`${product.brand} logo`} h={48} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} />}
      <Title order={1} size="h2">
        {info.label}
      </Title>
      <Text>{info.mediumDescription || info.shortDescription}</Text>
      <Group gap="md" align="baseline">
        <Text fz={28} fw={700} data-testid="product-price">
          {formatMoney(product.price)}
          {atMsrp && ' MSRP'}
        </Text>
        {!atMsrp && product.msrp !== product.price && (
          <Text c="dimmed" data-testid="product-msrp">
            MSRP {formatMoney(product.msrp)}
          </Text>
        )}
      </Group>
      <ProductAvailability product={product} />
      {canOrder && <QuantityOrder product={product} />}
      <ShippingNotices info={product.shippingInformation} />
      <ProductIdentification product={product} />
      <ProductDownloads downloads={Object.entries(info.downloads)} />
    </Stack>
  );
}

function ProductAvailability({ product }: { product: Product }) {
  const availability = availabilityText(product.availability);
  return (
    <>
      <Group gap="sm">
        <Badge variant="light" size="lg" color={STATUS_COLOR[availability.status]} data-testid="stock-status">
          {availability.label}
        </Badge>
      </Group>
      {availability.status === 'callForAvailability' ? (
        // Issue 34: the badge already says 'Call For Availability'; the line under it names
        // whom to ask (SALES_EMAIL of the configuration) instead of saying it a second time.
        <SalesContact />
      ) : (
        <Text size="sm" data-testid="availability-text">
          {availability.text}
        </Text>
      )}
    </>
  );
}

function ProductIdentification({ product }: { product: Product }) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label="Product identification">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={120}>SKU</Table.Th>
          <Table.Td>{product.sku}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Brand</Table.Th>
          <Table.Td>{product.brand}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Model</Table.Th>
          <Table.Td>{product.model}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The product's documents by name, each opening in a new tab; nothing when it has none. */
function ProductDownloads({ downloads }: { downloads: [name: string, url: string][] }) {
  if (downloads.length === 0) return null;
  return (
    <div>
      <Title order={2} size="h4">
        Downloads
      </Title>
      <List size="sm">
        {downloads.map(([name, url]) => (
          <List.Item key={name}>
            <Anchor href={url} target="_blank" rel="noopener noreferrer">
              {name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** Under the images and summary: scheduled availability, overview, features, specifications, in the box (each when it has content). */
function ProductSections({ product }: { product: Product }) {
  const info = product.eCommerceInformation;
  const specifications = Object.entries(info.specifications);
  return (
    <>
      {product.scheduledAvailability.length > 0 && (
        <Section title="Scheduled Availability">
          <Table withTableBorder w="auto" aria-label="Scheduled availability">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Quantity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {product.scheduledAvailability.map((receipt) => (
                <Table.Tr key={receipt.date}>
                  <Table.Td>{formatDate(receipt.date)}</Table.Td>
                  <Table.Td>{receipt.availableQuantity}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}

      {info.longDescription && (
        <Section title="Overview">
          {info.longDescription.split(/\n{2,}/).map((paragraph, i) => (
            <Text key={i} mb="xs">
              {paragraph}
            </Text>
          ))}
        </Section>
      )}
      {info.features.length > 0 && (
        <Section title="Features">
          <List>
            {info.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </Section>
      )}
      {specifications.length > 0 && (
        <Section title="Specifications">
          <Table withTableBorder striped aria-label="Specifications" maw={640}>
            <Table.Tbody>
              {specifications.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th w="40%">{name}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
      )}
      {info.inTheBox.length > 0 && (
        <Section title="In the Box">
          <List>
            {info.inTheBox.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Section>
      )}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider mb="sm" />
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}
