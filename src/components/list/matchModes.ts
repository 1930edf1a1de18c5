import type { LogicalFilter } from "@refinedev/core";
import { OPS_BY_KIND, type FieldKind, type FilterOp } from "../../../contracts/list";

/**
 * The Refine operator the data provider turns into each API match mode
 * (dates: eq/ne/lt/gt on a field listed in meta.dateFields).
 */
type FieldOperator = LogicalFilter["operator"];

const REFINE_OPERATOR: Record<FilterOp, FieldOperator> = {
  startsWith: "startswith",
  contains: "contains",
  notContains: "ncontains",
  endsWith: "endswith",
  equals: "eq",
  notEquals: "ne",
  lt: "lt",
  lte: "lte",
  gt: "gt",
  gte: "gte",
  dateIs: "eq",
  dateIsNot: "ne",
  dateBefore: "lt",
  dateAfter: "gt",
};

export interface MatchMode {
  /** The API's name, unique within a kind. */
  op: FilterOp;
  operator: FieldOperator;
  labelKey: string;
}

/** A kind's match modes in the spec's order; the first is the default, as in the spec's tables. */
export function matchModes(kind: FieldKind): readonly MatchMode[] {
  return OPS_BY_KIND[kind].map((op) => ({ op, operator: REFINE_OPERATOR[op], labelKey: `list.match.${op}` }));
}

/** The mode an applied filter stands for, or the kind's default. */
export function modeOf(kind: FieldKind, operator: FieldOperator | undefined): MatchMode {
  const modes = matchModes(kind);
  return modes.find((mode) => mode.operator === operator) ?? modes[0];
}
