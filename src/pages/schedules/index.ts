/** The work schedules page (schedules, their people, company holidays), as the resource list loads it. */
export { default as list } from "./list";
