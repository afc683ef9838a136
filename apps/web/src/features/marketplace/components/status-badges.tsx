import {
  type ActivityStatus,
  type AdvertisementStatus,
  type ApplicationStatus,
  activityStatusLabels,
  applicationStatusLabels,
  type ItemLifecycle,
  itemLifecycleLabels,
  type MissionStatus,
  type MissionType,
  missionStatusLabels,
  missionTypeLabels,
  type ReviewStatus,
  reviewStatusLabels,
} from '@closia/shared';
import { Badge, type BadgeProps } from '@mantine/core';

type Props = Omit<BadgeProps, 'children' | 'color'>;

const reviewColors: Record<ReviewStatus, string> = {
  not_submitted: 'gray',
  pending_review: 'orange',
  approved: 'green',
  rejected: 'red',
};

export function ReviewStatusBadge({ status, ...props }: { status: ReviewStatus } & Props) {
  return (
    <Badge variant="light" color={reviewColors[status]} tt="none" {...props}>
      {reviewStatusLabels[status]}
    </Badge>
  );
}

const activityColors: Record<ActivityStatus, string> = {
  active: 'teal',
  under_review: 'orange',
  paused: 'gray',
};

export function ActivityStatusBadge({ status, ...props }: { status: ActivityStatus } & Props) {
  return (
    <Badge variant="dot" color={activityColors[status]} tt="none" {...props}>
      {activityStatusLabels[status]}
    </Badge>
  );
}

const lifecycleColors: Record<ItemLifecycle, string> = {
  draft: 'gray',
  published: 'green',
  archived: 'gray',
  deleted: 'red',
};

/** A mission's lifecycle: Brouillon, Publié… (said of "la mission": Publiée). */
export function LifecycleBadge({ status, ...props }: { status: ItemLifecycle } & Props) {
  const label =
    status === 'published' ? 'Publiée' : status === 'archived' ? 'Archivée' : itemLifecycleLabels[status];
  return (
    <Badge variant="light" color={lifecycleColors[status]} tt="none" {...props}>
      {status === 'deleted' ? 'Supprimée' : label}
    </Badge>
  );
}

const missionStatusColors: Record<MissionStatus, string> = {
  open: 'green',
  in_progress: 'blue',
  filled: 'grape',
  closed: 'gray',
};

export function MissionStatusBadge({ status, ...props }: { status: MissionStatus } & Props) {
  return (
    <Badge variant="dot" color={missionStatusColors[status]} tt="none" {...props}>
      {missionStatusLabels[status]}
    </Badge>
  );
}

export function MissionTypeBadge({ type, ...props }: { type: MissionType } & Props) {
  return (
    <Badge variant="light" color="blue" tt="none" {...props}>
      {missionTypeLabels[type] ?? type}
    </Badge>
  );
}

const applicationColors: Record<ApplicationStatus, string> = {
  pending: 'orange',
  accepted: 'green',
  declined: 'red',
  withdrawn: 'gray',
};

export function ApplicationStatusBadge({ status, ...props }: { status: ApplicationStatus } & Props) {
  return (
    <Badge variant="light" color={applicationColors[status]} tt="none" {...props}>
      {applicationStatusLabels[status]}
    </Badge>
  );
}

export const advertisementStatusLabels: Record<AdvertisementStatus, string> = {
  draft: 'Brouillon',
  active: 'Active',
  paused: 'En pause',
  ended: 'Terminée',
};

const advertisementColors: Record<AdvertisementStatus, string> = {
  draft: 'gray',
  active: 'green',
  paused: 'orange',
  ended: 'gray',
};

export function AdvertisementStatusBadge({ status, ...props }: { status: AdvertisementStatus } & Props) {
  return (
    <Badge variant="light" color={advertisementColors[status]} tt="none" {...props}>
      {advertisementStatusLabels[status]}
    </Badge>
  );
}

/** "Sponsorisé": put first by an advertisement. */
export function SponsoredBadge(props: Props) {
  return (
    <Badge variant="filled" color="yellow.3" c="dark.8" tt="none" {...props}>
      Sponsorisé
    </Badge>
  );
}
