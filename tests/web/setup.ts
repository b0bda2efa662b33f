import { i18n } from '@lingui/core';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// In tests the macro keeps each message's English source, so an empty English catalogue renders it.
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
