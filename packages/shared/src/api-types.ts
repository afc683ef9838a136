/**
 * Shapes the API answers with. The server's response schemas and the web client both use them,
 * so a field added here is added on both sides.
 */

export interface SubProfile {
  id: number;
  userId: number;
  description: string | null;
  /** Ids of work sectors (the reference list gives their names). */
  workSectors: number[];
  finishedProfileSetup: boolean;
  /** The onboarding step last saved, so that the onboarding resumes after it. */
  onboardingStep: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SalesProfile extends SubProfile {
  conversionRate: number | null;
  experience: string | null;
  skills: string[];
  formations: { name: string; link?: string | null }[];
  socialLinks: string[];
  videoUrl: string | null;
}

export type InfopreneurProfile = SubProfile;

/** The signed-in user as `GET /api/v1/user` returns it. Never carries secrets (hash, tokens). */
export interface CurrentUser {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  emailVerified: boolean;
  admin: boolean;
  role: string | null;
  profilePicture: string | null;
  banner: string | null;
  setter: SalesProfile | null;
  closer: SalesProfile | null;
  setterCloser: SalesProfile | null;
  infopreneur: InfopreneurProfile | null;
  unreadMessageCount: number;
  socialLinks: string[];
  videoUrl: string | null;
  loom: string | null;
  online: boolean;
  location: string | null;
  available: boolean;
  affiliationCode: string | null;
  referrerId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A work sector of the reference list (spec §3). `usage` only in admin lists. */
export interface WorkSector {
  id: number;
  name: string;
  approved: boolean;
  proposedById: number | null;
  usage?: number;
  createdAt: string;
  updatedAt: string;
}

/** An admin-validated named entry: a skill or a formation of the catalogue (spec §3). */
export interface ValidatedItem {
  id: number;
  name: string;
  isValidated: boolean;
  proposedById: number | null;
  usage?: number;
  createdAt: string;
  updatedAt: string;
}

/** A sub-profile as others see it: work sectors with their names, experience in years. */
export interface PublicSubProfile {
  description: string | null;
  workSectors: { id: number; name: string }[];
  finishedProfileSetup: boolean;
}

export interface PublicSalesProfile extends PublicSubProfile {
  conversionRate: number | null;
  experience: string | null;
  /** Whole years since `experience`, or null. */
  experienceYears: number | null;
  skills: string[];
  formations: { name: string; link?: string | null }[];
  socialLinks: string[];
  videoUrl: string | null;
}

/** `GET /api/v1/users/{id}`: what any signed-in user may see of another. No e-mail, no secret. */
export interface PublicUser {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  profilePicture: string | null;
  banner: string | null;
  role: string | null;
  location: string | null;
  available: boolean;
  online: boolean;
  socialLinks: string[];
  videoUrl: string | null;
  loom: string | null;
  setter: PublicSalesProfile | null;
  closer: PublicSalesProfile | null;
  setterCloser: PublicSalesProfile | null;
  infopreneur: PublicSubProfile | null;
  /** An infopreneur's approved, active training offers. */
  services: {
    id: number;
    name: string;
    description: string;
    price: number;
    commissionRate: number;
    locationType: string;
  }[];
  /** An infopreneur's published, open missions. */
  missions: { id: number; title: string; missionType: string; serviceId: number; createdAt: string }[];
  createdAt: string;
}

export interface UserActivity {
  id: number;
  userId: number;
  action: string;
  description: string | null;
  createdAt: string;
}

export interface PaginationMeta {
  total: number;
  perPage: number;
  currentPage: number;
  lastPage: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
}

export const errorCodes = {
  validation: 'E_VALIDATION_ERROR',
  unauthorized: 'E_UNAUTHORIZED_ACCESS',
  forbidden: 'E_FORBIDDEN',
  notFound: 'E_NOT_FOUND',
  conflict: 'E_CONFLICT',
  payloadTooLarge: 'E_PAYLOAD_TOO_LARGE',
  tooManyRequests: 'E_TOO_MANY_REQUESTS',
  badRequest: 'E_BAD_REQUEST',
  csrf: 'E_BAD_CSRF_TOKEN',
  /** The messages guard: the e-mail address is not verified yet. */
  emailNotVerified: 'E_EMAIL_NOT_VERIFIED',
  /** The messages guard: the onboarding is not finished yet. */
  onboardingRequired: 'E_ONBOARDING_REQUIRED',
  /** A dependency (the database) is unreachable: retry after `Retry-After` seconds. */
  serviceUnavailable: 'E_SERVICE_UNAVAILABLE',
  /** The disk or the object store is full: nothing was kept. */
  insufficientStorage: 'E_INSUFFICIENT_STORAGE',
  internal: 'E_INTERNAL',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** One entry of a 422 answer's `errors` list (spec §8). */
export interface ValidationErrorItem {
  message: string;
  rule: string;
  field: string;
  meta?: Record<string, unknown>;
  index?: number;
}

/** The one error envelope every failing API call answers with. */
export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  errors?: ValidationErrorItem[];
}
