import { createActor } from 'xstate';
import { toastMachine } from '../../../machines/toastMachine';

/** The app's one notification queue (SPEC §4 Notifications); containers add toasts via useNotify(). */
export function createToastActor() {
  return createActor(toastMachine);
}
