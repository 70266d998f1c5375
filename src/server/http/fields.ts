export { idField, passwordField, phoneField } from '~/lib/api/fields';
