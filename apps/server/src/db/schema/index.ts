export * from './billing';
export * from './content';
export * from './crm';
export * from './marketplace';
export * from './reference';
export * from './teams';
export * from './users';
