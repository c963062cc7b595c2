export * from './calendar-date.js';
export * from './upload-document.js';
