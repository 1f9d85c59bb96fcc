/** Relevé manuel et tournées de relève, en français. */
export const readingPlans = {
  manualReading: {
    title: 'Relevé manuel',
    new: 'Saisir un relevé',
    meterNo: 'Numéro de compteur',
    total: 'Index (m³)',
    readAt: 'Relevé le',
    readAtHint: 'Vide pour maintenant',
    reset: "L'index est reparti de zéro (compteur neuf ou remis à zéro)",
    photo: 'Photo du cadran',
    addPhoto: 'Ajouter une photo (png ou jpg, 5 Mo au plus)',
    remark: 'Remarque',
    save: 'Enregistrer le relevé',
    saved: 'Relevé enregistré',
    createBy: 'Saisi par',
    createTime: 'Saisi le',
    empty: 'Aucun relevé manuel pour le moment',
    total_one: '{{count}} relevé',
    total_other: '{{count}} relevés',
    yes: 'Oui',
  },
  validation: {
    manualReading: {
      total: "L'index est un nombre de 0 à 99 999 999,999 m³",
      remark: '100 caractères au plus',
    },
  },
  error: {
    manualReading: {
      meterUnknown: "Le compteur n'existe pas",
      future: 'Un relevé ne peut pas être postérieur à maintenant',
      duplicate: 'Le compteur a déjà un relevé à cette heure',
      belowLast:
        "L'index est inférieur au dernier relevé ({{last}} m³ le {{time}}) ; indiquez une remise à zéro si le compteur est reparti de zéro",
      aboveNext: "L'index est supérieur à un relevé postérieur ({{next}} m³ le {{time}})",
    },
  },
};
