import type { AppServices } from '../../services/context';
import { createAuthActor } from './auth';
import { createCartActor } from './cart';
import { createLocaleActor } from './locale';
import { createToastActor } from './toasts';

/** The app's long-lived actors, created and started once. */
export function createServices(): AppServices {
  const services: AppServices = {
    locale: createLocaleActor(),
    toasts: createToastActor(),
    cart: createCartActor(),
    auth: createAuthActor(),
  };
  for (const actor of Object.values(services)) actor.start();
  return services;
}
