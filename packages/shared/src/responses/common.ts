/**
 * Shapes shared by many answers: pages, `{ data }` lists, and the ways people and work sectors
 * are referred to. Every response schema of `responses/` is what the server serialises through
 * (anything not declared is stripped) and what the OpenAPI document shows; the web reads only
 * their inferred types (`import type`), so that Zod stays out of its first load. Instants are
 * ISO 8601 UTC strings. Texts are `textField()`s, as every string of this package's schemas
 * (storable-text.test.ts).
 */
import { z } from 'zod';
import { userTypes } from '../enums';
import { textField } from '../schemas/fields';

/** The `meta` of every paginated list. */
export const paginationMetaResponse = z.object({
  total: z.number(),
  perPage: z.number(),
  currentPage: z.number(),
  lastPage: z.number(),
});
export type PaginationMeta = z.infer<typeof paginationMetaResponse>;

/** A page of `item`s: `{ data, meta }`. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMetaResponse });
export type Paginated<T> = z.infer<ReturnType<typeof paginated<z.ZodType<T>>>>;

/** `{ data: [...] }` for the short lists that need no pages. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** A work sector as answers carry it: its id and its name. */
export const namedRefResponse = z.object({ id: z.number(), name: textField() });
export type NamedRef = z.infer<typeof namedRefResponse>;

/** A person as CRM answers name them. */
export const personRefResponse = z.object({ id: z.number(), fullName: textField() });
export type PersonRef = z.infer<typeof personRefResponse>;

/** Who published an offer or a mission, as shown on cards. */
export const userSummaryResponse = z.object({
  id: z.number(),
  fullName: textField(),
  profilePicture: textField().nullable(),
});
export type UserSummary = z.infer<typeof userSummaryResponse>;

/** Someone as a conversation, a team or a notification shows them. */
export const participantResponse = z.object({
  id: z.number(),
  fullName: textField(),
  profilePicture: textField().nullable(),
  type: z.enum(userTypes),
  online: z
    .boolean()
    .meta({ description: 'Connected now (a live realtime stream) or active in the last five minutes.' }),
});
export type Participant = z.infer<typeof participantResponse>;
