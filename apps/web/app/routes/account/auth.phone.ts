import { phoneCaptchaBodySchema, phoneLoginBodySchema } from "@stoa/contract";
import { data, redirect } from "react-router";
import { codeSendAnswer, failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import type { Route } from "./+types/auth.phone";

const PHONE = ["phone", "countryCode"] as const;

/** OTP_LOGIN: text a code to the number, then sign in with it (a new number signs up). */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "send-code": {
      const check = validateWith(phoneCaptchaBodySchema, formValues(form, PHONE));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("phoneCaptchaLogin", { body: check.data });
      return codeSendAnswer("send-code", outcome, check.data);
    }
    case "sign-in": {
      const check = validateWith(phoneLoginBodySchema, formValues(form, [...PHONE, "captcha"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("phoneLogin", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      return data(
        { ok: true as const, intent: "sign-in" },
        { headers: { "Set-Cookie": args.context.storeApi.sessionCookie(outcome.data.token) } },
      );
    }
    default:
      return invalid({ intent: "error-field-invalid" });
  }
}

export function loader() {
  return redirect("/");
}
