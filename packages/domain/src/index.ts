export * from './model.ts';
export * from './answers.ts';
export * from './validation.ts';
export * from './units.ts';
export * from './applicant.ts';
export * from './bmi.ts';
export * from './messages.ts';
