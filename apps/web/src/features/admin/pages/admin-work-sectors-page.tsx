import { ReferenceItemsAdmin } from '../components/reference-items-admin';

/** `/admin/work-sectors`. */
export function AdminWorkSectorsPage() {
  return <ReferenceItemsAdmin kind="work-sectors" />;
}
