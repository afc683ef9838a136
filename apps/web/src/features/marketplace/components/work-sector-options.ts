import { useWorkSectors } from '../../reference/api/get-work-sectors';

/** The approved work sectors as select options (value = id as text), with the list's loading state. */
export function useWorkSectorOptions() {
  const sectors = useWorkSectors({ perPage: 100 });
  const options = (sectors.data?.data ?? [])
    .filter((sector) => sector.approved)
    .map((sector) => ({ value: String(sector.id), label: sector.name }));
  return { options, loading: sectors.isPending, error: sectors.isError };
}
