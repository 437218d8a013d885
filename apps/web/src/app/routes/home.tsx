/** /home (requirements §2): the questionnaire screen, starting a disclosure without a request. */
export { Component } from './questionnaire.tsx';
