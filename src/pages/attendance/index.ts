/** The attendance pages of one's own, as the resource list loads them. */
export { default as clock } from "./clock";
