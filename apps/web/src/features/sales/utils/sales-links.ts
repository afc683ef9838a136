import { createContext, useContext } from 'react';
import { paths } from '../../../config/paths';

/** Where the sales pages link: the personal pipeline, or a team's (its pages wrap them in a provider). */
export interface SalesLinks {
  list: string;
  listLabel: string;
  sale: (id: number) => string;
}

const personal: SalesLinks = {
  list: paths.dashboard.sales,
  listLabel: 'Toutes les ventes',
  sale: paths.dashboard.sale,
};

const SalesLinksContext = createContext<SalesLinks>(personal);

export const SalesLinksProvider = SalesLinksContext.Provider;

export function useSalesLinks(): SalesLinks {
  return useContext(SalesLinksContext);
}

export function teamSalesLinks(teamId: number): SalesLinks {
  return {
    list: paths.dashboard.teamSales(teamId),
    listLabel: 'Ventes de l’équipe',
    sale: (id) => paths.dashboard.teamSale(teamId, id),
  };
}
