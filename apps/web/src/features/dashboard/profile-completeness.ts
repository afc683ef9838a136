import type { CurrentUser, SalesProfile } from '@closia/shared';
import { paths } from '../../config/paths';
import { onboardingTrackOf, profileKeyOfTrack } from '../../lib/onboarding';

export interface CompletenessItem {
  key: string;
  /** What to add, in French ("Photo de profil"). */
  label: string;
  done: boolean;
  /** Where it is filled in: the settings (pictures, identity, links, video) or the onboarding step. */
  to: string;
}

export interface ProfileCompleteness {
  /** 0–100, rounded. */
  percent: number;
  items: CompletenessItem[];
  missing: CompletenessItem[];
}

const filled = (value: string | null | undefined) => !!value?.trim();

/**
 * How complete the user's profile is; each item weighs the same. Pictures, location, links and video
 * are edited in the settings, the professional profile's fields at their onboarding step. Without a
 * professional profile yet, the item "Type de profil" leads to `/onboarding`.
 */
export function profileCompleteness(user: CurrentUser): ProfileCompleteness {
  const settings = paths.dashboard.settings;
  const track = onboardingTrackOf(user);
  const profile = track ? user[profileKeyOfTrack[track]] : null;
  const sales = track && track !== 'infopreneur' ? (profile as SalesProfile | null) : null;
  const step = (name: string) => (track ? paths.onboarding.step(track, name) : paths.onboarding.root);

  const items: CompletenessItem[] = [
    { key: 'avatar', label: 'Photo de profil', done: filled(user.profilePicture), to: settings },
    { key: 'banner', label: 'Bannière', done: filled(user.banner), to: settings },
    { key: 'location', label: 'Localisation', done: filled(user.location), to: settings },
  ];

  if (!profile) {
    items.push({ key: 'type', label: 'Type de profil', done: false, to: paths.onboarding.root });
  } else {
    items.push({
      key: 'description',
      label: 'Présentation',
      done: filled(profile.description),
      to: step('description'),
    });
    if (sales) {
      items.push(
        { key: 'experience', label: 'Expérience', done: filled(sales.experience), to: step('experience') },
        {
          key: 'formations',
          label: 'Formations suivies',
          done: sales.formations.length > 0,
          to: step('formations'),
        },
        { key: 'skills', label: 'Compétences', done: sales.skills.length > 0, to: step('skills') },
      );
    }
    items.push({
      key: 'workSectors',
      label: 'Secteurs d’activité',
      done: profile.workSectors.length > 0,
      to: step('work-sectors'),
    });
    if (sales) {
      items.push({
        key: 'conversionRate',
        label: 'Taux de conversion',
        done: sales.conversionRate !== null,
        to: step('conversion'),
      });
    }
  }

  items.push(
    {
      key: 'socialLinks',
      label: 'Réseaux sociaux',
      done: user.socialLinks.length > 0 || (sales?.socialLinks.length ?? 0) > 0,
      to: settings,
    },
    {
      key: 'video',
      label: 'Vidéo de présentation',
      done: filled(user.videoUrl) || filled(user.loom) || filled(sales?.videoUrl),
      to: settings,
    },
  );

  const done = items.filter((item) => item.done).length;
  return {
    percent: Math.round((done / items.length) * 100),
    items,
    missing: items.filter((item) => !item.done),
  };
}
