/**
 * What the marketplace API answers (issue 7): training offers (services), missions, applications,
 * freelancer search, favorites and advertisements. The server's response schemas and the web client
 * both follow these shapes. Money is in euros with cents (two decimals), dates ISO 8601 UTC.
 */

import type { Paginated } from './api-types';
import type {
  ActivityStatus,
  ApplicationStatus,
  Certification,
  FinancingMethod,
  LocationType,
  MissionStatus,
  MissionType,
  ReviewStatus,
} from './enums';

/** A work sector as answers carry it: its id and its name. */
export interface NamedRef {
  id: number;
  name: string;
}

/** Who published an offer or a mission, as shown on cards. */
export interface UserSummary {
  id: number;
  fullName: string;
  profilePicture: string | null;
}

/**
 * How well a freelancer and a mission fit: a score from 0 to 100 and the French reasons behind it,
 * strongest first ("3 secteurs en commun", "Taux de conversion 6/10 ≥ 4 demandé", "Disponible", …).
 * See docs/decisions/007-matching.md.
 */
export interface Match {
  score: number;
  reasons: string[];
}

export type AdvertisementStatus = 'draft' | 'active' | 'paused' | 'ended';

/** A training offer ("infopreneur formation"), every spec §3 field plus what the marketplace adds. */
export interface Service {
  id: number;
  infopreneurId: number;
  infopreneur: UserSummary;
  name: string;
  description: string;
  /** Price of the training, in euros. */
  price: number;
  currency: string;
  /** Commission rate of a sale, in percent (1–100). */
  commissionRate: number;
  /** What a sale earns the seller: price × rate, in euros (rounded to the cent). */
  commissionAmount: number;
  financingMethods: FinancingMethod[];
  link: string;
  /** Length of the training, in hours. */
  duration: number;
  requestValidation: boolean;
  location: string | null;
  locationType: LocationType;
  certifications: Certification[];
  workSectors: NamedRef[];
  /** Activity status: active | under_review | paused. */
  status: ActivityStatus;
  /** Review status: not_submitted | pending_review | approved | rejected. */
  validationStatus: ReviewStatus;
  /** Why an admin rejected it (the owner and admins see it; null otherwise). */
  rejectionReason: string | null;
  /** Published, open missions selling this offer. */
  openMissionCount: number;
  /** Whether the caller starred it (false when anonymous). */
  favorite: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `GET /jobs/{id}`: an offer with the open missions that sell it. */
export interface Job extends Service {
  missions: Mission[];
}

/** The offer as a mission carries it. */
export type MissionService = Pick<
  Service,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'commissionRate'
  | 'commissionAmount'
  | 'financingMethods'
  | 'certifications'
  | 'locationType'
  | 'location'
  | 'workSectors'
  | 'duration'
  | 'link'
  | 'validationStatus'
  | 'status'
>;

/** A mission (a job posting for a setter, a closer or a setter-closer). */
export interface Mission {
  id: number;
  title: string;
  description: string | null;
  missionType: MissionType;
  /**
   * Minimum conversion rate sought, in percent (0–100, spec §5), or null. A profile's rate is a
   * score out of 10: 6/10 meets a minimum of 60 or less.
   */
  minConversionRate: number | null;
  /** Minimum experience in years, or null. */
  minExperience: number | null;
  /** Average deal size the freelancer will handle, in euros, or null. */
  ticket: number | null;
  serviceId: number;
  service: MissionService;
  infopreneurId: number;
  infopreneur: UserSummary;
  /** Lifecycle: draft | published | archived | deleted. */
  status: 'draft' | 'published' | 'archived' | 'deleted';
  /** Hiring state: open | in_progress | filled | closed. */
  missionStatus: MissionStatus;
  /** Applications received and not withdrawn (pending, accepted, declined: what the applicant list shows); the owner's views only, else null. */
  applicationCount: number | null;
  /** Freelancers accepted on it. */
  acceptedCount: number;
  favorite: boolean;
  /** Put first by an active advertisement ("Sponsorisé"). */
  sponsored: boolean;
  /** The advertisement behind `sponsored` (clicks go to `POST /advertisements/{id}/click`). */
  advertisementId: number | null;
  /** Fit with the signed-in freelancer (`forMe=1`, and on a mission page), else null. */
  match: Match | null;
  /** The signed-in freelancer's application to it, if any. */
  myApplication: { id: number; status: ApplicationStatus } | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /missions`: a page of missions, sponsored first, plus the counts per filter value. */
export interface MissionSearchResult extends Paginated<Mission> {
  facets: {
    missionType: Record<MissionType, number>;
    workSectors: (NamedRef & { count: number })[];
    financingMethods: Record<FinancingMethod, number>;
    certifications: Record<Certification, number>;
  };
}

/** A setter, closer or setter-closer as search results and applications show them. */
export interface FreelancerCard {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  profilePicture: string | null;
  kind: 'setter' | 'closer' | 'setter_closer';
  location: string | null;
  available: boolean;
  online: boolean;
  description: string | null;
  /** 0–10. */
  conversionRate: number | null;
  experience: string | null;
  experienceYears: number | null;
  skills: string[];
  workSectors: NamedRef[];
  favorite: boolean;
  /** Against the mission of `?missionId=`, else null. */
  match: Match | null;
}

/** An application (candidature) of a freelancer to a mission. */
export interface Application {
  id: number;
  missionId: number;
  mission: {
    id: number;
    title: string;
    missionType: MissionType;
    missionStatus: MissionStatus;
    serviceId: number;
    serviceName: string;
    infopreneur: UserSummary;
  };
  userId: number;
  /** The applicant's public card with the match against the mission. */
  applicant: FreelancerCard;
  message: string;
  status: ApplicationStatus;
  createdAt: string;
  updatedAt: string;
}

export type FavoriteKind = 'user' | 'mission' | 'service';

/** `GET /favorites`: what the caller starred, with the item itself (null when no longer visible). */
export interface Favorite {
  kind: FavoriteKind;
  targetId: number;
  createdAt: string;
  user: FreelancerCard | null;
  mission: Mission | null;
  service: Service | null;
}

/** An advertising campaign of an infopreneur, promoting one of their services or missions. */
export interface Advertisement {
  id: number;
  title: string;
  text: string;
  image: string | null;
  serviceId: number | null;
  missionId: number | null;
  /** The name of the promoted service, or the title of the promoted mission. */
  targetName: string;
  targetWorkSectors: NamedRef[];
  /** Freelancer kind it targets, or null for everyone. */
  targetRole: 'setter' | 'closer' | 'setter_closer' | null;
  startsAt: string;
  endsAt: string;
  /** As stored (draft, active, paused, ended), except that an active campaign past its end is ended. */
  status: AdvertisementStatus;
  /** Serving now: active and between its dates. */
  live: boolean;
  impressions: number;
  clicks: number;
  /** clicks ÷ impressions in percent, one decimal (0 without impressions). */
  ctr: number;
  createdAt: string;
  updatedAt: string;
}
