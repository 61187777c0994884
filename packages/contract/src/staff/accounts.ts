import { z } from "zod";
import { emailSchema, newPasswordSchema } from "../account/schemas.ts";
import { FIELD_ERROR_KEYS } from "../platform/errors.ts";
import { paginatedSchema } from "../platform/pagination-schemas.ts";
import { STAFF_PERMISSIONS, STAFF_ROLES } from "./roles.ts";

/** An invitation or password-reset link works for three days: long enough for a weekend. */
export const STAFF_INVITATION_DAYS = 3;
/** Where an invitation link lands on the shop's own domain; its token follows as `?token=`. */
export const STAFF_INVITATION_PATH = "/staff/invitation";
/** Audit rows per page. */
export const AUDIT_PAGE_SIZE = 50;

const memberName = z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(80, FIELD_ERROR_KEYS.tooLong);
const staffId = z.coerce.number().int().positive();

/** The signed-in member, with what their role lets them do: the console shows only that. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** A member as the owner's staff list shows them. */
export const staffAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccountAnswer = z.infer<typeof staffAccountSchema>;

/** An invitation not yet followed. */
export const staffPendingInvitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  expiresAt: z.string(),
});

export const staffAccountListSchema = z.object({
  members: z.array(staffAccountSchema),
  invitations: z.array(staffPendingInvitationSchema),
});
export type StaffAccountList = z.infer<typeof staffAccountListSchema>;

export const staffInviteBodySchema = z.object({
  email: emailSchema,
  name: memberName,
  role: z.enum(STAFF_ROLES, { message: FIELD_ERROR_KEYS.invalid }),
});
export type StaffInviteBody = z.infer<typeof staffInviteBodySchema>;

/** An owner's change of one member: a new role, disabled or enabled again. */
export const staffAccountUpdateBodySchema = z
  .object({
    staffId,
    role: z.enum(STAFF_ROLES, { message: FIELD_ERROR_KEYS.invalid }).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    path: ["role"],
    message: FIELD_ERROR_KEYS.required,
  });
export const staffAccountIdBodySchema = z.object({ staffId });

/** What an invitation link is for, before its password is set. */
export const staffInvitationBodySchema = z.object({ token: z.string().trim().min(20).max(128) });
export const staffInvitationSchema = z.object({
  kind: z.enum(["invite", "reset"]),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  storeName: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;
export const staffAcceptInvitationBodySchema = z.object({
  token: z.string().trim().min(20).max(128),
  password: newPasswordSchema,
});

/** What staff changed: who, when, what, before → after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.number().int().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListBodySchema = z.object({
  staffId: staffId.nullable().default(null),
  /** An action or its family: "order" finds "order.move" and "order.tracking". */
  action: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z]*(\.[a-zA-Z]+)?$/, FIELD_ERROR_KEYS.invalid)
    .default(""),
  /** Days in the shop's time zone, `YYYY-MM-DD`, both included. */
  from: z.iso.date({ message: FIELD_ERROR_KEYS.invalid }).nullable().default(null),
  to: z.iso.date({ message: FIELD_ERROR_KEYS.invalid }).nullable().default(null),
});
export type AuditListBody = z.infer<typeof auditListBodySchema>;
export const auditListSchema = paginatedSchema(auditEntrySchema);
