/** The catalogue parts made by locales/sections.ts. */
declare module "*.json?startup" {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module "*.json?signed-in" {
  const messages: Record<string, unknown>;
  export default messages;
}
