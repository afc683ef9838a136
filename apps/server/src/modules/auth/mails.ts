import type { Mail } from '../../plugins/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  return `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;background:#f3f4f6;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#2f9e44;font-size:22px;margin-top:0">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2f9e44;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#6b7280;font-size:13px">${escapeHtml(outro)}</p>
<p style="color:#6b7280;font-size:12px">Lien : ${escapeHtml(link)}</p>
</div></body></html>`;
}

export function verificationMail(to: string, firstName: string, link: string): Mail {
  const intro = `Bonjour ${firstName}, bienvenue sur Closia ! Confirmez votre adresse e-mail pour activer toutes les fonctionnalités.`;
  const outro = 'Ce lien est valable 24 heures. Si vous n’avez pas créé de compte, ignorez cet e-mail.';
  return {
    to,
    subject: 'Confirmez votre adresse e-mail',
    text: `${intro}\n\n${link}\n\n${outro}`,
    html: layout('Confirmez votre adresse e-mail', intro, 'Confirmer mon e-mail', link, outro),
    link,
  };
}

export function resetPasswordMail(to: string, firstName: string, link: string): Mail {
  const intro = `Bonjour ${firstName}, vous avez demandé à réinitialiser votre mot de passe Closia.`;
  const outro =
    'Ce lien est valable 1 heure et ne peut servir qu’une fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.';
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe',
    text: `${intro}\n\n${link}\n\n${outro}`,
    html: layout('Réinitialisez votre mot de passe', intro, 'Choisir un nouveau mot de passe', link, outro),
    link,
  };
}

export function emailChangeMail(to: string, firstName: string, link: string): Mail {
  const intro = `Bonjour ${firstName}, confirmez cette adresse pour en faire votre nouvelle adresse de connexion Closia.`;
  const outro =
    'Ce lien est valable 24 heures. Tant qu’il n’est pas suivi, votre ancienne adresse reste active.';
  return {
    to,
    subject: 'Confirmez votre nouvelle adresse e-mail',
    text: `${intro}\n\n${link}\n\n${outro}`,
    html: layout('Confirmez votre nouvelle adresse', intro, 'Confirmer cette adresse', link, outro),
    link,
  };
}

export function emailChangeNoticeMail(to: string, firstName: string, newEmail: string): Mail {
  const text = `Bonjour ${firstName}, une demande de changement de votre adresse e-mail Closia vers ${newEmail} a été faite. Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe et contactez le support.`;
  return { to, subject: 'Changement d’adresse e-mail demandé', text };
}

export function loginAttackMail(to: string, firstName: string, link: string): Mail {
  const intro = `Bonjour ${firstName}, de nombreuses tentatives de connexion à votre compte Closia avec un mauvais mot de passe viennent d’appareils inconnus. Nous les ralentissons : vos navigateurs habituels ne sont pas concernés.`;
  const outro =
    'Si ce n’est pas vous, aucun mot de passe n’a été trouvé, mais choisissez-en un long et unique. Si c’est vous, vous pouvez le réinitialiser avec ce lien.';
  return {
    to,
    subject: 'Tentatives de connexion inhabituelles sur votre compte',
    text: `${intro}\n\n${link}\n\n${outro}`,
    html: layout('Tentatives de connexion inhabituelles', intro, 'Changer mon mot de passe', link, outro),
    link,
  };
}
