/**
 * The quick order's lines and what became of them: typed or read from a CSV file, parsed, priced by
 * the server for the branch and destination state, and added to the cart of `catalog`.
 */
import { useState, type ChangeEvent } from 'react';
import { parseQuickOrder, QUICK_ORDER_REASONS, type StateCode } from '@portal/domain/rules';
import type { QuickOrderResultLine, QuickOrderValidateRequest } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { DIFFERENT_CATALOG_WARNING, useCartActions } from '@/app/providers/cart';
import type { RejectedLine } from '@/lib/priced-lines';
import { validateQuickOrder } from '../api/validate-quick-order';

/** A CSV file larger than this is not a list of 500 SKUs. */
const MAX_FILE_BYTES = 512 * 1024;

export type Outcome = { added: QuickOrderResultLine[]; addedUnits: number; rejected: RejectedLine[] };

export function useQuickOrder({
  catalog,
  branchNumber,
  destinationState,
}: {
  catalog: string;
  branchNumber: number | null;
  destinationState: StateCode | null;
}) {
  const { addPricedLines } = useCartActions();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);

  /** What the dealer types replaces the lines read from a file, and the note that says so. */
  function typeText(value: string) {
    setText(value);
    setFileNote(null);
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setOutcome(null);
    if (file.size > MAX_FILE_BYTES) {
      setProblem('The file is too large for a quick order.');
      return;
    }
    const content = await file.text();
    setText(content.replace(/\r\n?/g, '\n'));
    setProblem(null);
    setFileNote(`Read ${file.name}. Check the lines, then choose Add To Cart.`);
  }

  async function addToCart() {
    setOutcome(null);
    const parsed = parseQuickOrder(text);
    setProblem(parsed.problem);
    if (parsed.problem || branchNumber === null) return;
    const parseErrors: RejectedLine[] = parsed.errors.map((e) => ({ line: e.line, sku: e.sku, message: QUICK_ORDER_REASONS[e.reason] }));
    if (parsed.lines.length === 0) {
      setOutcome({ added: [], addedUnits: 0, rejected: parseErrors });
      return;
    }
    setPending(true);
    try {
      const answer = await validateQuickOrder({
        catalog,
        branchNumber,
        shipToState: destinationState as QuickOrderValidateRequest['shipToState'],
        lines: parsed.lines,
      });
      const result = addPricedLines(answer, parseErrors);
      if (result.differentCatalog) {
        setProblem(DIFFERENT_CATALOG_WARNING);
        return;
      }
      const rejectedLines = new Set(result.rejected.map((r) => r.line));
      setOutcome({
        added: answer.lines.filter((l) => l.item && !rejectedLines.has(l.line)),
        addedUnits: result.addedUnits,
        rejected: result.rejected,
      });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The quick order could not be checked. Please try again later.');
    } finally {
      setPending(false);
    }
  }

  return { text, typeText, problem, fileNote, outcome, pending, readFile, addToCart };
}
