import { emailCaptchaBodySchema, phoneCaptchaBodySchema, updateUserBodySchema } from "@stoa/contract";
import { redirect } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import type { Route } from "./+types/account.contact";

/**
 * ADD_OR_UPDATE_PROFILE_CONTACT: a code goes to the new email address or phone number, and the
 * change is saved with it. A first phone number is bound, a later one edited.
 */
export async function action(args: Route.ActionArgs) {
  const user = signedInCustomer((await args.context.storeApi.session()).auth);
  if (!user) throw redirect("/");
  const form = await args.request.formData();
  switch (form.get("intent")) {
    case "email-code": {
      const check = validateWith(emailCaptchaBodySchema, formValues(form, ["email"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("emailCaptchaEditEmail", { body: check.data });
      if (!outcome.ok) return failed(outcome);
      return { ok: true as const, intent: "email-code", message: outcome.data.message, ...check.data };
    }
    case "phone-code": {
      const check = validateWith(phoneCaptchaBodySchema, formValues(form, ["phone", "countryCode"]));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form(
        user.phone ? "phoneCaptchaEditPhone" : "phoneCaptchaBindPhone",
        {
          body: check.data,
        },
      );
      if (!outcome.ok) return failed(outcome);
      return { ok: true as const, intent: "phone-code", message: outcome.data.message, ...check.data };
    }
    case "email-confirm":
    case "phone-confirm": {
      const names =
        form.get("intent") === "email-confirm"
          ? ["email", "emailCaptcha"]
          : ["phone", "countryCode", "phoneCaptcha"];
      const check = validateWith(updateUserBodySchema, formValues(form, names));
      if (!check.ok) return invalid(check.fields);
      const outcome = await args.context.storeApi.form("updateUser", {
        params: { id: user.userId },
        body: check.data,
      });
      if (!outcome.ok) return failed(outcome);
      return { ok: true as const, intent: "confirm" };
    }
    default:
      return invalid({ intent: "error-field-invalid" });
  }
}

export function loader() {
  return redirect("/profile");
}
