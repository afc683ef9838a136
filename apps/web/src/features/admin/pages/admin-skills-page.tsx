import { ReferenceItemsAdmin } from '../components/reference-items-admin';

/** `/admin/skills`. */
export function AdminSkillsPage() {
  return <ReferenceItemsAdmin kind="skills" />;
}
