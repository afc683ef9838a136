import { NavigationProgress, useNprogress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { createLoadingBarController, loadingBarStepInterval, loadingBarStore } from '../lib/loading-bar';

/** The top loading bar: on while a navigation, a query (not a silent one) or a mutation is in flight. */
export function LoadingBar() {
  const navigation = useNavigation();
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.silent });
  const mutating = useIsMutating();
  return <LoadingBarView active={navigation.state !== 'idle' || fetching > 0 || mutating > 0} />;
}

/** The same bar for a navigation only: for a page without the data layer (the landing page). */
export function NavigationLoadingBar() {
  const navigation = useNavigation();
  return <LoadingBarView active={navigation.state !== 'idle'} />;
}

function LoadingBarView({ active }: { active: boolean }) {
  const [controller] = useState(createLoadingBarController);
  const { mounted } = useNprogress(loadingBarStore);

  useEffect(() => {
    controller.setActive(active);
  }, [controller, active]);

  useEffect(() => () => controller.dispose(), [controller]);

  return (
    <NavigationProgress
      store={loadingBarStore}
      stepInterval={loadingBarStepInterval}
      size={3}
      aria-label="Chargement en cours"
      aria-hidden={!mounted}
    />
  );
}
