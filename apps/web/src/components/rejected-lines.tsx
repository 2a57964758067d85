import { Alert, List } from '@mantine/core';
import { rejectedLineText } from '@portal/domain/rules';

type RejectedLinesProps = {
  lines: readonly { line: number; sku: string; message: string }[];
  /** What the lines were for: 'could not be added to the cart'. */
  title?: string;
};

/**
 * The lines of a quick order, reorder or saved cart that were left out, each as
 * 'line N (SKU): reason' (interface contract "Quick order"). Nothing when there are none.
 */
export function RejectedLines({ lines, title }: RejectedLinesProps) {
  if (lines.length === 0) return null;
  const heading = title ?? `${lines.length === 1 ? '1 line' : `${lines.length} lines`} could not be added to the cart`;
  return (
    <Alert color="yellow" variant="light" title={heading} role="region" aria-label={heading} aria-live="polite">
      <List size="sm" spacing={2}>
        {lines.map((line) => (
          <List.Item key={`${line.line}-${line.sku}`}>{rejectedLineText(line)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
