import { useEffect, useMemo, useRef } from "react";
import { useCustom } from "@refinedev/core";
import { Form, type FormInstance } from "antd";
import type { ComponentBody, PreviewReply } from "../../../contracts/payroll";
import type { DateRange } from "../../components/common/dateRange";
import { useDebouncedValue } from "../../components/common/useDebouncedValue";
import { ApiError } from "../../lib/http";
import { previewComponent, type ComponentValues } from "./model";

/** POST /api/pay-components/preview: one component tried on one person's period, nothing saved. */
const PREVIEW_URL = "/pay-components/preview";

/** Typing pauses this long before the server is asked. */
export const CHECK_DELAY_MS = 400;

/** The dialog's calculation fields, which the server's formula messages name ("calculation.expression"). */
const CALCULATION_FIELD = /^(calculation|employer_share)\.(amount|rate|of|expression)$/;

export interface PreviewState {
  /** The server is being asked about what is typed now. */
  checking: boolean;
  /** The amounts for the chosen person, when one is chosen and the server could work them out. */
  reply?: PreviewReply;
  /** The server's messages on the calculation fields, by field path. */
  fieldErrors: Record<string, string[]>;
  /** Why no amount could be worked out for the person chosen (their pay, the period, a division by zero). */
  problem?: string;
  /** What was tried is what the dialog holds now (the reply is not an earlier formula's). */
  current: boolean;
}

/** Sorts a refused preview's messages: those about the calculation's fields, and the rest about this person and period. */
function readRefusal(failure: unknown, personChosen: boolean): Pick<PreviewState, "fieldErrors" | "problem"> {
  if (!(failure instanceof ApiError)) return { fieldErrors: {}, problem: failure instanceof Error ? failure.message : undefined };
  const fieldErrors: Record<string, string[]> = {};
  let problem: string | undefined;
  for (const [key, messages] of Object.entries(failure.errors)) {
    const field = key.replace(/^component\./, "");
    if (CALCULATION_FIELD.test(field)) fieldErrors[field] = messages;
    // The component's own code, name... are the form's rules' to judge; the rest is about this person.
    else if (["calculation", "employer_share", "component", "user_id", "period_start", "period_end"].includes(field) && personChosen) problem ??= messages[0];
  }
  if (Object.keys(failure.errors).length === 0 && personChosen) problem = failure.message;
  return { fieldErrors, problem };
}

/**
 * The live check of the component being edited: once typing pauses, the
 * server evaluates it (the same checks as a save: syntax, unknown names and
 * tables, cycles) for the person chosen, or for the signed-in person when
 * nobody is, to check the formula alone. Its messages go under the fields
 * they name; the amount and what the formula read come back for the person.
 */
export function usePreview({
  form,
  person,
  period,
  fallbackUserId,
  enabled,
}: {
  form: FormInstance;
  person: number | undefined;
  period: DateRange;
  fallbackUserId: number | undefined;
  enabled: boolean;
}): PreviewState {
  const typed = Form.useWatch((values: ComponentValues) => JSON.stringify(previewComponent(values)), form) ?? "null";
  const settled = useDebouncedValue(typed, CHECK_DELAY_MS);
  const component = useMemo(() => JSON.parse(settled) as ComponentBody | null, [settled]);
  const userId = person ?? fallbackUserId;
  const { query, result } = useCustom<{ data: PreviewReply }>({
    url: PREVIEW_URL,
    method: "post",
    config: { payload: { component, user_id: userId, period_start: period.from, period_end: period.to } },
    queryOptions: {
      enabled: enabled && component !== null && userId !== undefined,
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The last answer stays in view while the next is asked for.
      placeholderData: (previous) => previous,
    },
    successNotification: false,
    errorNotification: false,
  });

  const current = typed === settled && !query.isPlaceholderData;
  const refusal = useMemo(() => (query.isError ? readRefusal(query.error, person !== undefined) : { fieldErrors: {} }), [query.isError, query.error, person]);
  const reply = query.isSuccess && person !== undefined && component !== null ? result.data?.data : undefined;

  // The server's messages go on the fields they name, as a save's would; a field whose message has
  // since gone is cleared, unless the form's own rules have said something else there meanwhile.
  const shown = useRef<Record<string, string[]>>({});
  useEffect(() => {
    if (!current || query.isFetching || component === null) return;
    const next = refusal.fieldErrors;
    const paths = new Set([...Object.keys(shown.current), ...Object.keys(next)]);
    const updates = [...paths].flatMap((path) => {
      // A field not in the dialog now (another calculation type) takes no message: antd drops it.
      const name = path.split(".");
      if (next[path]) return [{ name, errors: next[path] }];
      const now = form.getFieldError(name);
      return now.join("\n") === (shown.current[path] ?? []).join("\n") ? [{ name, errors: [] }] : [];
    });
    shown.current = next;
    if (updates.length > 0) form.setFields(updates);
  }, [current, query.isFetching, refusal, component, form]);

  return {
    checking: enabled && component !== null && (typed !== settled || query.isFetching),
    reply,
    fieldErrors: refusal.fieldErrors,
    problem: component === null ? undefined : refusal.problem,
    current,
  };
}
