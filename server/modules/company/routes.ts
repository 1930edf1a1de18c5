import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { COMPANY_LOGO_MAX_BYTES, companyProfileBody, companyProfileOptions, companyProfileRecord } from "../../../contracts/company";
import { dataReply } from "../../../contracts/replies";
import { languageFromHeader } from "../../lib/i18n";
import { LOGO_SHOWN_AT } from "../../lib/images";
import { oneFileLimits, readOneImage } from "../../lib/uploads";
import { companyProfileOptions as optionsIn } from "./options";
import { readCompanyProfile, removeCompanyLogo, setCompanyLogo, updateCompanyProfile } from "./service";

const profileReply = dataReply(companyProfileRecord);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, oneFileLimits(COMPANY_LOGO_MAX_BYTES));

  app.get("/company-profile", { config: { action: "company.view" }, schema: { response: { 200: profileReply } } }, async () => ({
    data: await readCompanyProfile(app.ctx),
  }));

  // Some fields or all: what is not sent stays as it is.
  app.put("/company-profile", { config: { action: "company.update" }, schema: { body: companyProfileBody.partial(), response: { 200: profileReply } } }, async (request) => ({
    data: await updateCompanyProfile(app.ctx, request.author, request.body),
    message: request.t("company.updated"),
  }));

  app.get("/company-profile/options", { config: { action: "company.view" }, schema: { response: { 200: dataReply(companyProfileOptions) } } }, async (request) => ({
    data: optionsIn(languageFromHeader(request.headers["accept-language"])),
  }));

  app.post("/company-profile/logo", { config: { action: "company.update" }, schema: { response: { 200: profileReply } } }, async (request) => {
    const image = await readOneImage(request, COMPANY_LOGO_MAX_BYTES, LOGO_SHOWN_AT);
    return { data: await setCompanyLogo(app.ctx, request.author, image), message: request.t("company.logoUpdated") };
  });

  app.delete("/company-profile/logo", { config: { action: "company.update" }, schema: { response: { 200: profileReply } } }, async (request) => ({
    data: await removeCompanyLogo(app.ctx, request.author),
    message: request.t("company.logoRemoved"),
  }));
};
