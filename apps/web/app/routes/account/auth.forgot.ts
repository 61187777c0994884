import {
  forgotResetBodySchema,
  forgotSendBodySchema,
  forgotVerifyBodySchema,
  phoneCaptchaBodySchema,
  phoneRetrieveBodySchema,
} from "@stoa/contract";
import { redirect } from "react-router";
import { codeSendAnswer, failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/auth.forgot";

/**
 * The forgot-password wizards (spec §2/§4). By email: send a token, check it with the email, set
 * the password with both. By phone: text a code, then set the password with it.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "email-send": {
      const check = validateWith(forgotSendBodySchema, formValues(form, ["email"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("forgotPasswordSend", { body: check.data });
      return codeSendAnswer("email-send", outcome, check.data);
    }
    case "email-verify": {
      const check = validateWith(forgotVerifyBodySchema, formValues(form, ["email", "token"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("forgotPasswordVerify", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      return { ok: true as const, intent: "email-verify", message: outcome.data.message, ...check.data };
    }
    case "email-reset": {
      const check = validateWith(forgotResetBodySchema, formValues(form, ["email", "token", "password"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("forgotPasswordReset", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      return { ok: true as const, intent: "email-reset", message: outcome.data.message };
    }
    case "phone-send": {
      const check = validateWith(phoneCaptchaBodySchema, formValues(form, ["phone", "countryCode"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("phoneCaptchaRetrievePwd", { body: check.data });
      return codeSendAnswer("phone-send", outcome, check.data);
    }
    case "phone-reset": {
      const check = validateWith(
        phoneRetrieveBodySchema,
        formValues(form, ["phone", "countryCode", "captcha", "password"]),
      );
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("phoneRetrievePassword", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      return { ok: true as const, intent: "phone-reset", message: outcome.data.message };
    }
    default:
      return invalid({ intent: "error-field-invalid" });
  }
}

export function loader() {
  return redirect("/");
}
