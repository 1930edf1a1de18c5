/** The attendance pages of one's own, as the resource list loads them. */
export { default as clock } from "./clock";
export { default as overview } from "./overview";
export { default as history } from "./history";
