import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LegalPage, SupportLink } from '../components/legal-page';

export function CguPage() {
  return (
    <LegalPage title="Conditions générales d'utilisation" updated="1er janvier 2025">
      <h2>1. Objet</h2>
      <p>
        Les présentes conditions générales d’utilisation (CGU) encadrent l’accès et l’utilisation de Closia,
        plateforme qui met en relation des créateurs et vendeurs de formations (« infopreneurs ») avec des
        commerciaux indépendants (« setters » et « closers »), et qui leur fournit des outils de suivi des
        prospects et des ventes. En créant un compte, vous acceptez ces conditions.
      </p>
      <h2>2. Compte utilisateur</h2>
      <p>
        L’inscription est réservée aux personnes majeures agissant dans un cadre professionnel. Vous vous
        engagez à fournir des informations exactes, à les tenir à jour et à garder votre mot de passe
        confidentiel. Toute activité réalisée depuis votre compte est réputée effectuée par vous.
      </p>
      <h2>3. Rôle de Closia</h2>
      <p>
        Closia est un intermédiaire technique. Les contrats de mission, les conditions de rémunération et les
        commissions sont convenus directement entre infopreneurs et commerciaux, qui restent seuls
        responsables de leurs engagements, de leurs obligations fiscales et sociales, et du respect du droit
        de la consommation envers leurs prospects.
      </p>
      <h2>4. Règles d’usage</h2>
      <ul>
        <li>
          Publier uniquement des offres de formation réelles, décrites loyalement et dont vous détenez les
          droits ;
        </li>
        <li>ne pas démarcher des prospects sans base légale ni utiliser la messagerie pour du spam ;</li>
        <li>respecter les autres membres : aucun contenu injurieux, discriminatoire ou illicite ;</li>
        <li>
          ne pas tenter de contourner la sécurité de la plateforme ni d’en extraire les données en masse.
        </li>
      </ul>
      <p>
        Closia peut modérer les contenus, suspendre ou fermer un compte qui ne respecte pas ces règles, après
        avertissement sauf urgence.
      </p>
      <h2>5. Abonnements</h2>
      <p>
        Certaines fonctionnalités sont réservées aux formules payantes décrites sur la page{' '}
        <Anchor component={Link} to={paths.pricing}>
          Tarifs
        </Anchor>
        . L’abonnement est mensuel, sans engagement, et résiliable à tout moment depuis votre compte ; il
        reste actif jusqu’à la fin de la période payée.
      </p>
      <h2>6. Données personnelles</h2>
      <p>
        Le traitement de vos données est décrit dans notre{' '}
        <Anchor component={Link} to={paths.privacyPolicy}>
          politique de confidentialité
        </Anchor>
        . Vous pouvez à tout moment exporter vos données ou supprimer votre compte.
      </p>
      <h2>7. Responsabilité</h2>
      <p>
        Closia s’efforce d’assurer la disponibilité du service mais ne peut garantir une absence totale
        d’interruption. Sa responsabilité ne saurait être engagée pour les relations commerciales nouées entre
        membres ni pour le résultat des ventes.
      </p>
      <h2>8. Modification et droit applicable</h2>
      <p>
        Les CGU peuvent évoluer ; vous serez informé de toute modification importante avant son entrée en
        vigueur. Elles sont soumises au droit français. Pour toute question, contactez-nous depuis la{' '}
        <SupportLink />.
      </p>
    </LegalPage>
  );
}
