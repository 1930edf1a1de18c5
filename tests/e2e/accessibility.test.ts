import { auditEveryPage } from "../support/accessibility";

auditEveryPage();
