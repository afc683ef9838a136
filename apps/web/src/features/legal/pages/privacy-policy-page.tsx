import { LegalPage, SupportLink } from '../components/legal-page';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Politique de confidentialité" updated="1er janvier 2025">
      <p>
        Closia attache une grande importance à la protection de vos données personnelles. Cette politique
        explique quelles données nous traitons, pourquoi, et comment exercer vos droits conformément au
        Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.
      </p>
      <h2>1. Données collectées</h2>
      <ul>
        <li>
          Compte : nom, prénom, adresse e-mail, mot de passe (stocké sous forme chiffrée et irréversible) ;
        </li>
        <li>
          profil : photo, description, expérience, compétences, secteurs, liens que vous choisissez de publier
          ;
        </li>
        <li>activité : missions, offres, prospects et ventes que vous enregistrez, messages échangés ;</li>
        <li>
          données techniques : journaux de connexion et cookies nécessaires au fonctionnement du service.
        </li>
      </ul>
      <h2>2. Finalités et bases légales</h2>
      <p>
        Vos données servent à fournir le service (exécution du contrat), à sécuriser la plateforme et prévenir
        la fraude (intérêt légitime), à gérer la facturation (obligation légale) et, avec votre accord, à vous
        envoyer des informations sur les nouveautés.
      </p>
      <h2>3. Destinataires</h2>
      <p>
        Les informations de votre profil public sont visibles des autres membres. Nous faisons appel à des
        prestataires techniques (hébergement, envoi d’e-mails, paiement) liés par contrat et situés dans
        l’Union européenne ou offrant des garanties équivalentes. Nous ne vendons jamais vos données.
      </p>
      <h2>4. Durée de conservation</h2>
      <p>
        Vos données sont conservées tant que votre compte est actif, puis supprimées dans un délai de 30 jours
        après sa suppression, sauf obligation légale de conservation (factures : 10 ans).
      </p>
      <h2>5. Cookies</h2>
      <p>
        Nous utilisons un cookie de session pour vous garder connecté, un cookie de sécurité contre les
        requêtes falsifiées et un cookie mémorisant votre thème clair ou sombre. Ces cookies sont strictement
        nécessaires.
      </p>
      <h2>6. Vos droits</h2>
      <p>Vous disposez à tout moment des droits suivants :</p>
      <ul>
        <li>
          <strong>accès et portabilité</strong> : exporter l’ensemble de vos données dans un format lisible
          par machine ;
        </li>
        <li>
          <strong>effacement</strong> : supprimer votre compte et les données associées depuis vos paramètres
          ;
        </li>
        <li>rectification, limitation et opposition au traitement ;</li>
        <li>définir des directives sur le sort de vos données après votre décès.</li>
      </ul>
      <p>
        Pour exercer ces droits ou pour toute question, contactez-nous depuis la <SupportLink />. Nous
        répondons sous un mois. Vous pouvez aussi introduire une réclamation auprès de la CNIL (www.cnil.fr).
      </p>
    </LegalPage>
  );
}
