import { setProjectAnnotations } from '@storybook/react-vite';
import * as preview from './preview';

setProjectAnnotations([preview]);
