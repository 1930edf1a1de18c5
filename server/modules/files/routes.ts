import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PROFILE_PICTURE_TYPES } from "../../../contracts/users";
import { idParams } from "../../../contracts/validation";
import { fileReply } from "../../lib/file-reply";
import { HttpError, notFound } from "../../lib/errors";
import { verifySignedPath } from "../../lib/signed-urls";
import { readFile } from "./service";

/**
 * Files by signed link: an <img src> sends no bearer token, so the link
 * itself carries the permission, for a limited time.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/files/:id",
    {
      config: { public: true },
      schema: {
        params: idParams,
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        // The file itself, in its own content type (not JSON).
        response: { 200: fileReply("The file's bytes", PROFILE_PICTURE_TYPES) },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      if (!verifySignedPath(app.ctx.config.appKey, `/api/files/${request.params.id}`, expires, signature, app.ctx.clock.now())) {
        throw new HttpError(403, "files.linkInvalid");
      }
      const file = await readFile(app.ctx.db, request.params.id);
      if (!file) throw notFound();
      return reply
        .header("content-type", file.mime_type)
        .header("content-disposition", "inline")
        .send(file.content);
    },
  );
};
