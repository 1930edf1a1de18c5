import type { ComponentType } from "react";
import type { BaseRecord } from "@refinedev/core";
import type { Action, RecordFor } from "../../contracts/policies";
import type { MessageKey } from "../../locales/keys";

/** What can be done to a resource: each verb but delete is a page. */
export type Verb = "list" | "show" | "create" | "edit" | "delete";
export type PageVerb = Exclude<Verb, "delete">;
export const PAGE_VERBS: readonly PageVerb[] = ["list", "create", "edit", "show"];

/**
 * Who may: the policy action the server checks for the same call, or, for
 * screens with no API yet, one of the spec's level rules.
 */
/**
 * A policy action, or: everyone signed in; level 0 only; or whoever decides leave (leave_approve, or someone's
 * manager: the session's leads_team), which no action says without a record.
 */
export type Access<A extends Action = Action> = A | "everyone" | "superAdmin" | "leaveApprover";

/** The components of `src/pages/<resource>/index.ts`, one per page verb. */
export type PageSet = Partial<Record<PageVerb, ComponentType>>;

/** A heading of the menu (Employee management, Settings...): shown once a resource of it is. */
export interface MenuGroup {
  name: string;
  labelKey: MessageKey;
  icon: ComponentType;
  /** The spec's parent route, which leads to the group's first page. */
  path?: string;
}

export interface ResourceDefinition<A extends Action = Action> {
  /** Refine's name of the resource: pages pass it to Refine's hooks. */
  name: string;
  /** Its path under /api: the list and create call, /{id} for one record. Screens without data have none. */
  api?: string;
  /**
   * The list call's own parameters beside the list engine's (notifications' `status`): an equals
   * filter on one of these fields is sent as `field=value`, not as `filter[field][equals]=value`.
   */
  listParams?: readonly string[];
  /**
   * The server's export of the list (under /api), taking the list's filters and `format=csv|xlsx`:
   * given, the list's export button downloads that file in either format instead of writing CSV in the browser.
   */
  exportApi?: string;
  /** The route of each page; ":id" stands for the record's id. */
  routes: Partial<Record<PageVerb, string>>;
  /** Loads `src/pages/<resource>/index.ts` when one of its routes opens. */
  pages: () => Promise<PageSet>;
  labelKey: MessageKey;
  icon: ComponentType;
  group?: MenuGroup;
  /** What each verb needs; a verb left out is refused. */
  access: Partial<Record<Verb, Access<A>>>;
  /** Where a refused visitor goes instead of /unauthorized (the spec's dashboard entry guards). */
  refusedTo?: string;
  /**
   * The record as the policy reads it, from the API's record (a row, Refine's
   * params.record) or from a route's id alone. Without it the API's record is used as it is.
   */
  subject?: (record: BaseRecord) => RecordFor<A>;
}

/** Declares a resource, checking that its record mapping fits the policy of its actions. */
export const defineResource = <A extends Action>(resource: ResourceDefinition<A>): ResourceDefinition => resource;
