import { ReferenceItemsAdmin } from '../components/reference-items-admin';

/** `/admin/formations-catalogue`: the catalogue of trainings members cite in their background. */
export function AdminFormationsPage() {
  return <ReferenceItemsAdmin kind="formations" />;
}
