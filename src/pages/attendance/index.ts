/** The attendance pages of one's own, as the resource list loads them (the clock is a chunk of its own). */
export { default as overview } from "./overview";
export { default as history } from "./history";
