import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authMachine } from '../../machines/authMachine';
import type { cartMachine } from '../../machines/cartMachine';
import type { localeMachine } from '../../machines/localeMachine';
import type { toastMachine, ToastInput } from '../../machines/toastMachine';

/**
 * The long-lived actors, spawned once at the app root (src/app/createServices.ts) and read by
 * containers with useSelector. Views never see these; containers map them to props.
 */
export type AppServices = {
  auth: ActorRefFrom<typeof authMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  toasts: ActorRefFrom<typeof toastMachine>;
  locale: ActorRefFrom<typeof localeMachine>;
};

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

/** Shows a toast (texts already translated by the caller). */
export function useNotify(): (toast: ToastInput) => void {
  const { toasts } = useServices();
  return (toast) => toasts.send({ type: 'toast.add', toast });
}
