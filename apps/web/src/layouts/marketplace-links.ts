import { type CurrentUser, isCloser, isInfopreneur, isSetter, userType } from '@closia/shared';
import {
  type Icon,
  IconBriefcase,
  IconBuildingStore,
  IconSchool,
  IconSearch,
  IconSpeakerphone,
  IconStar,
} from '@tabler/icons-react';
import { paths } from '../config/paths';

export interface MarketplaceLink {
  to: string;
  label: string;
  icon: Icon;
  /** Also active on sub-paths (a mission's page under "Missions"). */
  matchPrefix?: boolean;
}

/** An infopreneur, or a member who chose that role and has not finished the onboarding (as the role guard reads it). */
export function actsAsInfopreneur(user: CurrentUser | null | undefined): boolean {
  return isInfopreneur(user) || (userType(user) === 'unknown' && user?.role === 'infopreneur');
}

/**
 * The marketplace pages a user works with, by account type: a seller (setter, closer) looks for
 * missions and offers to sell first; an infopreneur looks for sellers and promotes their own offers.
 */
export function marketplaceLinks(user: CurrentUser | null | undefined): MarketplaceLink[] {
  const missions = { to: paths.app.missions, label: 'Missions', icon: IconBriefcase, matchPrefix: true };
  const search = { to: paths.app.search, label: 'Setters & closers', icon: IconSearch };
  const jobs = { to: paths.app.jobs, label: 'Offres à vendre', icon: IconBuildingStore, matchPrefix: true };
  if (actsAsInfopreneur(user)) return [search, missions];
  if (isSetter(user) || isCloser(user)) return [missions, jobs, search];
  return [missions, search, jobs];
}

/** The user's own marketplace pages (the avatar menu): offers and ads for an infopreneur, favorites for all. */
export function ownMarketplaceLinks(user: CurrentUser | null | undefined): MarketplaceLink[] {
  const own: MarketplaceLink[] = [];
  if (actsAsInfopreneur(user)) {
    own.push(
      { to: paths.dashboard.services, label: 'Mes offres et missions', icon: IconSchool },
      { to: paths.dashboard.advertisement, label: 'Publicité', icon: IconSpeakerphone },
    );
  }
  own.push({ to: paths.dashboard.favorites, label: 'Favoris', icon: IconStar });
  return own;
}
