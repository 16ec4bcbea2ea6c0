import { z } from 'zod';
import { ZLocationZone } from './common';

/** Texts of the Issues area (spec: console §5 Issue rules, §8 messages), word for word. */
export const ISSUE_MESSAGES = {
  descriptionRequired: 'Description is required',
  /** `pictures` name only images uploaded to this server. */
  pictureForeign: 'Pictures must be images uploaded to Lockerops.',
  descriptionMax: 'Description must be 200 characters long maximum.',
  orderNotFound: 'Order No. does not exist.',
  notImages: 'One or more of the selected files are not images. Please try again.',
  created: 'Issue created successfully!',
  updated: 'Issue updated successfully!',
  deleted: 'Issue deleted successfully!',
  notFound: 'Issue not found',
  userNotFound: 'User not found',
  memberNotFound: 'Team member not found',
} as const;

/** Issue statuses (spec: console §4): changed freely and saved immediately. */
export const ISSUE_STATUSES = ['pending', 'in_progress', 'resolved'] as const;
export const ZIssueStatus = z.enum(ISSUE_STATUSES);
export type TIssueStatus = z.infer<typeof ZIssueStatus>;
export const ISSUE_STATUS_LABELS: Record<TIssueStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  resolved: 'Resolved',
};
export const ISSUE_DESCRIPTION_MAX = 200;

/** An issue (spec: console §3 Issue). `issue_id` is the readable number, e.g. ISS-12. */
export const ZIssue = z.object({
  id: z.uuid(),
  issue_id: z.string(),
  status: ZIssueStatus,
  description: z.string(),
  created_at: z.string(),
  pictures: z.array(z.string()),
  user: z
    .object({ name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable() })
    .nullable(),
  id_user: z.uuid().nullable(),
  reporter_user_name: z.string().nullable(),
  reporter_user_email: z.string().nullable(),
  reporter_user_phone: z.string().nullable(),
  event: z.object({ id: z.uuid(), invoice_id: z.string() }).nullable(),
  id_event: z.uuid().nullable(),
  id_location: z.uuid().nullable(),
  location_time_zone: ZLocationZone,
  team_member_id: z.uuid().nullable(),
  team_member: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  invoice_id: z.string().nullable(),
  /** `console` (filed by a person) or `condition` (a rental came back in a condition with Report Issue). */
  source: z.enum(['console', 'condition', 'lock']),
});
export type TIssue = z.infer<typeof ZIssue>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : Array.isArray(v) ? v[0] : v);
const zOptionalId = z.preprocess(blank, z.uuid().optional());

/**
 * The URL of a file uploaded to this server (`/api/files/{key}`, as `POST /images` and issue
 * uploads answer it): issue pictures name nothing else, so an issue cannot carry a tracking pixel
 * or a link to another site into the console.
 */
export const OWN_UPLOAD_URL = /^\/api\/files\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/**
 * Create and update body (multipart fields or JSON; spec: console §7 `POST issues`, `PUT issues/{id}`):
 * description (required, at most 200), the order/invoice number (required on create: it must be a
 * transaction of this organization, 'Order No. does not exist.'), the reporting user and the
 * assigned team member. Images travel as `images` files and are stored before validation, so here
 * `pictures` is the list of image URLs the issue keeps (on update: the kept ones plus new ones).
 */
export const ZIssueCreateRequest = z.object({
  description: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: ISSUE_MESSAGES.descriptionRequired })
      .min(1, ISSUE_MESSAGES.descriptionRequired)
      .max(ISSUE_DESCRIPTION_MAX, ISSUE_MESSAGES.descriptionMax),
  ),
  invoice_id: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : blank(v)),
    z.string({ error: ISSUE_MESSAGES.orderNotFound }).optional(),
  ),
  id_event: zOptionalId,
  id_user: zOptionalId,
  team_member_id: zOptionalId,
  status: z.preprocess(blank, ZIssueStatus.optional()),
  pictures: z.preprocess(
    (v) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).filter((s) => typeof s === 'string' && s),
    z.array(z.string().max(500).regex(OWN_UPLOAD_URL, ISSUE_MESSAGES.pictureForeign)).max(20).optional(),
  ),
});
export type TIssueCreateInput = z.input<typeof ZIssueCreateRequest>;
export type TIssueCreateRequest = z.output<typeof ZIssueCreateRequest>;
/** The update request: the same fields as the create request. @alias */
export const ZIssueUpdateRequest = ZIssueCreateRequest;

/** `PATCH issues/{id}?status=`: the new status, saved at once. */
export const ZIssueStatusQuery = z.object({ status: ZIssueStatus });
export const ZIssueActionResponse = z.object({ detail: z.string(), issue: ZIssue });

export const ISSUE_CSV_HEADERS = [
  'issue_id',
  'status',
  'description',
  'invoice_id',
  'user_name',
  'user_email',
  'reporter_user_name',
  'team_member',
  'source',
  'created_at',
] as const;

/** Filters of the issues list beyond paging, search and sort (spec: console §2 Issues list). */
export const ZIssueListQuery = z.object({
  status: ZIssueStatus.optional(),
  id_location: z.uuid().optional(),
});
