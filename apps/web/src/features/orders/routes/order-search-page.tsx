import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  hasSearchCriteria,
  ORDER_RESULTS_DEFAULT_PAGE_SIZE,
  ORDER_SEARCH_CRITERIA_MESSAGE,
  ORDER_SEARCH_TIME_FRAME_LABELS,
  ORDER_SEARCH_TIME_FRAMES,
  ORDER_STATUS_GROUP_LABELS,
  ORDER_STATUS_GROUPS,
  US_STATES,
} from '@portal/domain/rules';
import { orderSearchFieldsSchema, type OrderSearchCriteria, type OrderSearchCriteriaInput } from '@portal/domain';
import { OrderHistoryGuard } from '../components/order-history-guard';
import { EMPTY_CRITERIA, formValuesFrom, queryStringOf } from '../components/search-params';

/** Order Search (spec 2, spec 5): at least one criterion besides the time frame, then the results page. */
export function OrderSearchPage() {
  return (
    <OrderHistoryGuard>
      <OrderSearchForm />
    </OrderHistoryGuard>
  );
}

/**
 * The search form, filled from the address's query (back from the results): Search opens the
 * results' first page, or says a criterion is missing; Reset empties the form and the address.
 */
function useOrderSearchForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<OrderSearchCriteriaInput, unknown, OrderSearchCriteria>({
    resolver: zodResolver(orderSearchFieldsSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValuesFrom(params),
  });

  const onSubmit = form.handleSubmit((criteria) => {
    if (!hasSearchCriteria(criteria)) {
      form.setError('root', { message: ORDER_SEARCH_CRITERIA_MESSAGE });
      return;
    }
    navigate(`/orders/search/results?${queryStringOf(criteria, { page: 1, pageSize: ORDER_RESULTS_DEFAULT_PAGE_SIZE })}`);
  });

  const reset = () => {
    form.reset(EMPTY_CRITERIA);
    navigate('/orders/search', { replace: true });
  };
  return { form, onSubmit, reset };
}

function OrderSearchForm() {
  const { form, onSubmit, reset } = useOrderSearchForm();
  const { errors } = form.formState;

  const text = (name: keyof OrderSearchCriteria, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      error={errors[name]?.message}
      {...form.register(name, { onChange: () => form.clearErrors('root') })}
    />
  );

  return (
    <Stack maw={900}>
      <Title order={1}>Order Search</Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {errors.root?.message && (
            <Alert color="red" role="alert">
              {errors.root.message}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {text('orderReference', 'Order Reference')}
            {text('email', 'Email', 'email')}
            {text('phone', 'Phone', 'tel')}
            <NativeSelect
              label="Status"
              error={errors.status?.message}
              data={[
                { value: '', label: 'Any status' },
                ...ORDER_STATUS_GROUPS.map((g) => ({ value: g, label: ORDER_STATUS_GROUP_LABELS[g] })),
              ]}
              {...form.register('status', { onChange: () => form.clearErrors('root') })}
            />
            <NativeSelect
              label="Time Frame"
              error={errors.timeFrame?.message}
              data={ORDER_SEARCH_TIME_FRAMES.map((t) => ({ value: t, label: ORDER_SEARCH_TIME_FRAME_LABELS[t] }))}
              {...form.register('timeFrame')}
            />
            {text('name', 'Name')}
            {text('address', 'Address')}
            {text('city', 'City')}
            <NativeSelect
              label="State"
              error={errors.state?.message}
              data={[{ value: '', label: 'Any state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))]}
              {...form.register('state', { onChange: () => form.clearErrors('root') })}
            />
            {text('postalCode', 'Zip')}
            {text('sku', 'SKU')}
          </SimpleGrid>
          <Group>
            <Button type="submit">Search</Button>
            <Button type="button" variant="default" onClick={reset}>
              Reset
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
