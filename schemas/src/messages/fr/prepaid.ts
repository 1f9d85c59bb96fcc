/** Prélèvement prépayé, recharge et remboursement, en français. */
export const prepaid = {
  deductions: {
    title: 'Prélèvement',
    intro:
      'Chaque jour, les comptes prépayés paient sur leur solde l’eau que leur compteur a mesurée la veille, au tarif de leur grille. Quand l’impayé atteint le seuil de fermeture du compte, sa vanne est fermée ; la recharge qui y met fin la rouvre.',
    accountNo: 'Numéro de compte',
    customerName: 'Client',
    meterNo: 'Numéro de compteur',
    day: 'Jour',
    volume: 'Volume (m³)',
    amount: 'Montant',
    balanceAfter: 'Solde après',
    valveClosed: 'Vanne fermée',
    yes: 'Oui',
    beginTime: 'Du',
    endTime: 'Au',
    run: 'Prélever maintenant',
    runTitle: 'Prélever maintenant',
    runConfirm:
      'Chaque compte prépayé paie les jours mesurés avant aujourd’hui qu’il n’a pas encore payés. Un jour déjà payé ne l’est pas deux fois.',
    ran: '{{days}} jours de {{accounts}} comptes payés, {{amount}} au total ; {{valves}} vannes fermées',
    actions: 'Actions',
    empty: 'Aucun jour prélevé pour l’instant',
    total_one: '{{count}} jour',
    total_other: '{{count}} jours',
  },
  recharges: {
    title: 'Recharge et remboursement',
    intro:
      'De l’argent sur un compte, ou son solde rendu au titulaire. Une recharge paie d’abord les échéances de dette et les suppléments dus ; celle qui met fin à l’impayé ayant fermé une vanne la rouvre.',
    actions: 'Actions',
    empty: 'Aucun compte ne correspond',
    total_one: '{{count}} compte',
    total_other: '{{count}} comptes',
  },
};
