/** Where a request came from, for throttling and the activity log. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string;
}
