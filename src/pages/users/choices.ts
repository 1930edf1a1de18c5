import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PAY_BASES } from "../../../contracts/users";
import type { Choice } from "../../components/list";

/** The employee record's fixed values with their label keys: one list for tables, filters and forms. */
export const STATUS_CHOICES: readonly Choice[] = EMPLOYMENT_STATUSES.map((value) => ({ value, labelKey: `employees.statuses.${value}` }));
export const TYPE_CHOICES: readonly Choice[] = EMPLOYMENT_TYPES.map((value) => ({ value, labelKey: `employees.types.${value}` }));
export const PAY_BASIS_CHOICES: readonly Choice[] = PAY_BASES.map((value) => ({ value, labelKey: `employees.payBases.${value}` }));
export const LEVEL_CHOICES: readonly Choice[] = [0, 1, 2].map((value) => ({ value, labelKey: `accessLevel.${value}` }));

/** Each choice field of a person by name: the forms' labels for values shown elsewhere (the activity log). */
export const FIELD_CHOICES: Readonly<Record<string, readonly Choice[]>> = {
  employment_status: STATUS_CHOICES,
  employment_type: TYPE_CHOICES,
  pay_basis: PAY_BASIS_CHOICES,
  access_level: LEVEL_CHOICES,
};
