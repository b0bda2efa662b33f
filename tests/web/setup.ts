import { i18n } from '@lingui/core';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// In tests the macro keeps each message's English source, so an empty English catalogue renders it.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// findBy*/waitFor wait for what a screen promises, not for a deadline: on two busy cores (the e2e
// run or another suite beside this one) the library's 1 s default is tight.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
