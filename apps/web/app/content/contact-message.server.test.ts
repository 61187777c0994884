import { contactMessageBodySchema } from "@stoa/contract";
import { describe, expect, it } from "vitest";
import { validateWith } from "../platform/form-values.ts";
import { contactMessageOf } from "./contact-message.server.ts";

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const MESSAGE = "Do you deliver on Sundays?";

describe("contactMessageOf", () => {
  it("leaves out the optional fields left blank, so a blank phone is not refused as a wrong one", () => {
    const { body } = contactMessageOf(
      posted({ name: "Ada", email: "ada@example.com", phone: "  ", subject: "", message: MESSAGE }),
    );
    expect(body).toEqual({ name: "Ada", email: "ada@example.com", message: MESSAGE });
    expect(validateWith(contactMessageBodySchema, body).ok).toBe(true);
  });

  it("keeps the required fields even when blank, for the schema to name them", () => {
    const { body } = contactMessageOf(posted({ name: " ", email: "", phone: "", subject: "", message: "" }));
    expect(body).toEqual({ name: " ", email: "", message: "" });
    const check = validateWith(contactMessageBodySchema, body);
    expect(check.ok ? [] : Object.keys(check.fields).sort()).toEqual(["email", "message", "name"]);
  });

  it("sends what the shopper filled in, and gives back everything typed", () => {
    const fields = {
      name: "Ada",
      email: "ada@example.com",
      phone: "020 7946 0018",
      subject: "Delivery",
      message: MESSAGE,
    };
    const { typed, body } = contactMessageOf(posted({ ...fields, intent: "x", js: "1" }));
    expect(typed).toEqual(fields);
    expect(body).toEqual(fields);
  });
});
