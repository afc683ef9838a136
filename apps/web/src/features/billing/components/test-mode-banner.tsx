import { sandboxTestCards } from '@closia/shared';
import { Alert, List, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { formatCardNumber } from '../utils/card';

const cards = [
  { number: sandboxTestCards.paid, outcome: 'paiement accepté' },
  { number: sandboxTestCards.declined, outcome: 'carte refusée' },
  { number: sandboxTestCards.insufficientFunds, outcome: 'fonds insuffisants' },
];

/** The sandbox's pages: nothing is charged, and the cards that test each outcome. */
export function TestModeBanner({ withCards = false }: { withCards?: boolean }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconFlask size={18} />} title="Mode test">
      <Text size="sm">Aucun paiement réel n’est effectué : ce paiement est simulé par Closia.</Text>
      {withCards && (
        <>
          <Text size="sm" mt="xs">
            Cartes de test (date d’expiration future, CVC au choix) :
          </Text>
          <List size="sm" mt={4}>
            {cards.map((card) => (
              <List.Item key={card.number}>
                <Text span ff="monospace" size="sm">
                  {formatCardNumber(card.number)}
                </Text>{' '}
                — {card.outcome}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
