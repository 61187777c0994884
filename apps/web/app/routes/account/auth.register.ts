import { emailRegisterBodySchema, phoneCaptchaBodySchema, phoneRegisterBodySchema } from "@stoa/contract";
import { data, redirect } from "react-router";
import { verifyReturnOf } from "../../account/account-paths.ts";
import { codeSendAnswer, failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { isHttps, verifyReturnCookie } from "../../platform/session/auth-cookie.server.ts";
import type { Route } from "./+types/auth.register";

const PHONE = ["phone", "countryCode"] as const;

/** REGISTER and REGISTER_PHONE: by email (a verification link follows) or by phone with a texted code. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "email": {
      const check = validateWith(
        emailRegisterBodySchema,
        formValues(form, ["firstName", "lastName", "email", "password"]),
      );
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("emailRegister", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      const headers = new Headers({ "Set-Cookie": args.context.storeApi.sessionCookie(outcome.data.token) });
      // Registered at checkout: the verification link leads back there (see VERIFY_RETURN_COOKIE).
      const returnTo = verifyReturnOf(form.get("returnTo"));
      if (returnTo) headers.append("Set-Cookie", verifyReturnCookie(returnTo, isHttps(args.request)));
      return data({ ok: true as const, intent: "email", user: outcome.data.user }, { headers });
    }
    case "phone-code": {
      const check = validateWith(phoneCaptchaBodySchema, formValues(form, PHONE));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("phoneCaptchaRegister", { body: check.data });
      return codeSendAnswer("phone-code", outcome, check.data);
    }
    case "phone": {
      const check = validateWith(
        phoneRegisterBodySchema,
        formValues(form, [...PHONE, "captcha", "password", "firstName", "lastName"]),
      );
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("phoneRegister", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      return data(
        { ok: true as const, intent: "phone", user: outcome.data.user },
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
