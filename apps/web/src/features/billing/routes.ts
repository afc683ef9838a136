import type { ComponentType } from 'react';

/** The billing pages (issue 20), behind one lazy module (see sales/routes.ts). */
export const billingPages = {
  pricing: () => import('./pages/pricing-page').then((m) => m.PricingPage),
  payment: () => import('./pages/payment-page').then((m) => m.PaymentPage),
  checkout: () => import('./pages/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage),
  success: () => import('./pages/payment-success-page').then((m) => m.PaymentSuccessPage),
  portal: () => import('./pages/sandbox-portal-page').then((m) => m.SandboxPortalPage),
  settings: () => import('./pages/billing-settings-page').then((m) => m.BillingSettingsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
