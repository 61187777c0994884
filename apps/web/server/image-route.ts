import { ERRORS } from "@stoa/contract";
import type { RequestHandler } from "express";
import { type ImageOptimizer, parseImageParams } from "./image-optimizer.ts";

/** `GET /_image?url=…&w=…&q=…` on top of the optimiser; errors answer in the API's envelope shape. */
export function imageRoute(optimizer: ImageOptimizer): RequestHandler {
  return async (req, res) => {
    const search = new URL(req.originalUrl, "http://localhost").searchParams;
    const check = parseImageParams(search);
    res.set("Vary", "Accept");
    if (!check.ok) {
      res
        .status(400)
        .set("Cache-Control", "no-store")
        .json({ code: ERRORS.INVALID_INPUT.code, msg: check.message, data: null });
      return;
    }
    const answer = await optimizer.optimise(check.params, req.get("accept"), req.ip ?? "");
    if (!answer.ok) {
      // A 503 (optimiser busy) says when to come back; the refusal itself is never cached.
      if (answer.retryAfter !== undefined) res.set("Retry-After", String(answer.retryAfter));
      res
        .status(answer.status)
        .set("Cache-Control", "no-store")
        .json({ code: answer.code, msg: answer.message, data: null });
      return;
    }
    res
      .status(200)
      .set({
        "Content-Type": answer.image.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
      })
      .send(answer.image.body);
  };
}
