import { Box, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { formatDate, orderProgressSteps, type ProgressStep } from '@portal/domain/rules';
import type { OrderDetail } from '@portal/domain';

/** The colours of the status styles: the progress steps and the status badge of Order Details. */
export const STATUS_STYLE_COLOR: Record<ProgressStep['style'], string> = { normal: 'blue', warning: 'yellow', error: 'red' };

function StepIcon({ step }: { step: ProgressStep }) {
  const color = STATUS_STYLE_COLOR[step.style];
  const icon =
    step.style === 'warning' ? (
      <IconAlertTriangle size={16} aria-hidden />
    ) : step.style === 'error' && step.lit ? (
      <IconX size={16} aria-hidden />
    ) : (
      <IconCheck size={16} aria-hidden />
    );
  return (
    <ThemeIcon
      radius="xl"
      size={28}
      color={step.lit ? color : step.style === 'normal' ? 'gray' : color}
      variant={step.lit ? 'filled' : 'outline'}
    >
      {step.lit ? icon : null}
    </ThemeIcon>
  );
}

/**
 * The progress steps of Order Details (spec 4), drawn from the domain's step list: reached steps
 * filled, the rest outlined; Backordered in warning colours; a cancelled order outlines every step in
 * error colours and ends with a filled Cancelled step.
 */
export function ProgressSteps({ order }: { order: OrderDetail }) {
  const steps = orderProgressSteps({
    statusCode: order.statusCode,
    enteredAt: order.statusDates.entered,
    expectedShipDate: order.expectedShipDate,
    firstShippedDate: order.shipments.find((s) => s.shippedDate)?.shippedDate ?? null,
  });
  return (
    <Group component="ol" aria-label="Order progress" p={0} m={0} style={{ listStyle: 'none' }} gap="lg" wrap="wrap" align="flex-start">
      {steps.map((step) => (
        <Box component="li" key={step.key} data-step={step.key} data-lit={step.lit} data-style={step.style} miw={120}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <StepIcon step={step} />
            <Stack gap={0}>
              <Text fw={step.lit ? 600 : 400} c={step.style === 'normal' ? undefined : STATUS_STYLE_COLOR[step.style]}>
                {step.label}
                <VisuallyHidden>{step.lit ? ' (reached)' : ' (not reached)'}</VisuallyHidden>
              </Text>
              {step.date && (
                <Text size="xs" c="dimmed">
                  {step.key === 'processing' ? `Expected ${formatDate(step.date)}` : formatDate(step.date)}
                </Text>
              )}
            </Stack>
          </Group>
        </Box>
      ))}
    </Group>
  );
}
