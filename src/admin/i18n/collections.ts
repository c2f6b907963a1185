// The navigation's words in the panel's languages (collections/navigation.ts has the English): each collection's
// names and one-line description, and the groups, in the order fr, de, es, it, nl.
type Five = readonly [fr: string, de: string, es: string, it: string, nl: string]
type Six = readonly [en: string, ...Five]

export const GROUP_TEXTS: Record<string, Five> = {
  Catalogue: ['Catalogue', 'Katalog', 'Catálogo', 'Catalogo', 'Catalogus'],
  Bookings: ['Réservations', 'Buchungen', 'Reservas', 'Prenotazioni', 'Boekingen'],
  Community: ['Communauté', 'Community', 'Comunidad', 'Comunità', 'Gemeenschap'],
  People: ['Personnes', 'Personen', 'Personas', 'Persone', 'Mensen'],
  Settings: ['Réglages', 'Einstellungen', 'Ajustes', 'Impostazioni', 'Instellingen'],
  System: ['Système', 'System', 'Sistema', 'Sistema', 'Systeem'],
}

interface CollectionTexts {
  singular: Six
  plural: Six
  /** The navigation's line in the five languages after English (collections in the navigation only). */
  description?: Five
}

/** Field labels Payload would otherwise derive from a field's name, in English only. */
export const FIELD_TEXTS: Record<string, Six> = {
  description: ['Description', 'Description', 'Beschreibung', 'Descripción', 'Descrizione', 'Beschrijving'],
  organization: ['Organization', 'Organisation', 'Organisation', 'Organización', 'Organizzazione', 'Organisatie'],
  bookings: ['Bookings', 'Réservations', 'Buchungen', 'Reservas', 'Prenotazioni', 'Boekingen'],
  services: ['Services', 'Services', 'Dienste', 'Servicios', 'Servizi', 'Diensten'],
  status: ['Status', 'Statut', 'Status', 'Estado', 'Stato', 'Status'],
  category: ['Category', 'Catégorie', 'Kategorie', 'Categoría', 'Categoria', 'Categorie'],
  title: ['Title', 'Titre', 'Titel', 'Título', 'Titolo', 'Titel'],
  name: ['Name', 'Nom', 'Name', 'Nombre', 'Nome', 'Naam'],
  inLanguage: ['In Language', 'Langue', 'Sprache', 'Idioma', 'Lingua', 'Taal'],
}

export const COLLECTION_TEXTS: Record<string, CollectionTexts> = {
  'content-reports': {
    singular: ['Content Report', 'Signalement', 'Meldung', 'Denuncia', 'Segnalazione', 'Melding'],
    plural: ['Content Reports', 'Signalements', 'Meldungen', 'Denuncias', 'Segnalazioni', 'Meldingen'],
  },
  'report-queue': {
    singular: [
      'Report Queue',
      'File des signalements',
      'Meldungswarteschlange',
      'Cola de denuncias',
      'Coda delle segnalazioni',
      'Meldingenwachtrij',
    ],
    plural: [
      'Report Queues',
      'Files des signalements',
      'Meldungswarteschlangen',
      'Colas de denuncias',
      'Code delle segnalazioni',
      'Meldingenwachtrijen',
    ],
  },
  'moderation-decisions': {
    singular: [
      'Moderation Decision',
      'Décision de modération',
      'Moderationsentscheidung',
      'Decisión de moderación',
      'Decisione di moderazione',
      'Moderatiebesluit',
    ],
    plural: [
      'Moderation Decisions',
      'Décisions de modération',
      'Moderationsentscheidungen',
      'Decisiones de moderación',
      'Decisioni di moderazione',
      'Moderatiebesluiten',
    ],
  },
  'content-appeals': {
    singular: ['Content Appeal', 'Recours', 'Einspruch', 'Recurso', 'Ricorso', 'Bezwaar'],
    plural: ['Content Appeals', 'Recours', 'Einsprüche', 'Recursos', 'Ricorsi', 'Bezwaren'],
  },
  'transparency-publications': {
    singular: [
      'Transparency Publication',
      'Publication de transparence',
      'Transparenzveröffentlichung',
      'Publicación de transparencia',
      'Pubblicazione sulla trasparenza',
      'Transparantiepublicatie',
    ],
    plural: [
      'Transparency Publications',
      'Publications de transparence',
      'Transparenzveröffentlichungen',
      'Publicaciones de transparencia',
      'Pubblicazioni sulla trasparenza',
      'Transparantiepublicaties',
    ],
  },
  'service-listings': {
    singular: ['Service', 'Service', 'Dienst', 'Servicio', 'Servizio', 'Dienst'],
    plural: ['Services', 'Services', 'Dienste', 'Servicios', 'Servizi', 'Diensten'],
    description: [
      'Ce que l’on peut réserver : textes dans chaque langue, prix, statut. Ouvrez-en un pour ajouter une traduction.',
      'Was man buchen kann: Texte in jeder Sprache, Preis, Status. Öffnen Sie einen, um eine Übersetzung hinzuzufügen.',
      'Lo que se puede reservar: textos en cada idioma, precio, estado. Abra uno para añadir una traducción.',
      'Ciò che si può prenotare: testi in ogni lingua, prezzo, stato. Ne apra uno per aggiungere una traduzione.',
      'Wat men kan boeken: teksten in elke taal, prijs, status. Open er een om een vertaling toe te voegen.',
    ],
  },
  'service-categories': {
    singular: [
      'Service category',
      'Catégorie de service',
      'Dienstkategorie',
      'Categoría de servicio',
      'Categoria di servizio',
      'Dienstcategorie',
    ],
    plural: [
      'Service categories',
      'Catégories de service',
      'Dienstkategorien',
      'Categorías de servicio',
      'Categorie di servizio',
      'Dienstcategorieën',
    ],
    description: [
      'L’arbre des catégories. Noms et descriptions par langue : changez de langue en haut du formulaire.',
      'Der Kategorienbaum. Namen und Beschreibungen je Sprache: wechseln Sie die Sprache oben im Formular.',
      'El árbol de categorías. Nombres y descripciones por idioma: cambie el idioma arriba del formulario.',
      'L’albero delle categorie. Nomi e descrizioni per lingua: cambi la lingua in cima al modulo.',
      'De categorieboom. Namen en beschrijvingen per taal: wissel van taal boven aan het formulier.',
    ],
  },
  'service-availability': {
    singular: ['Availability slot', 'Créneau', 'Zeitfenster', 'Franja horaria', 'Fascia oraria', 'Tijdvak'],
    plural: ['Availability slots', 'Créneaux', 'Zeitfenster', 'Franjas horarias', 'Fasce orarie', 'Tijdvakken'],
    description: [
      'Créneaux d’ouverture hebdomadaires de chaque service, p. ex. lundi 09:00–17:00.',
      'Wöchentliche Öffnungszeiten jedes Dienstes, z. B. Montag 09:00–17:00.',
      'Franjas semanales de apertura de cada servicio, p. ej. lunes 09:00–17:00.',
      'Fasce settimanali di apertura di ogni servizio, ad es. lunedì 09:00–17:00.',
      'Wekelijkse openingstijden van elke dienst, bijv. maandag 09:00–17:00.',
    ],
  },
  'availability-exceptions': {
    singular: ['Availability exception', 'Exception', 'Ausnahme', 'Excepción', 'Eccezione', 'Uitzondering'],
    plural: ['Availability exceptions', 'Exceptions', 'Ausnahmen', 'Excepciones', 'Eccezioni', 'Uitzonderingen'],
    description: [
      'Jours de fermeture et heures en plus de chaque service, p. ex. fermé le 25 décembre, ouvert tard le 3.',
      'Schließtage und zusätzliche Zeiten jedes Dienstes, z. B. am 25. Dezember geschlossen, am 3. länger geöffnet.',
      'Días de cierre y horas extra de cada servicio, p. ej. cerrado el 25 de diciembre, abierto hasta tarde el día 3.',
      'Giorni di chiusura e ore in più di ogni servizio, ad es. chiuso il 25 dicembre, aperto fino a tardi il 3.',
      'Sluitingsdagen en extra uren van elke dienst, bijv. gesloten op 25 december, laat open op de 3e.',
    ],
  },
  'service-media': {
    singular: [
      'Service media',
      'Média de service',
      'Dienstmedium',
      'Medio de servicio',
      'Media del servizio',
      'Dienstmedia',
    ],
    plural: [
      'Service media',
      'Médias de service',
      'Dienstmedien',
      'Medios de servicio',
      'Media dei servizi',
      'Dienstmedia',
    ],
    description: [
      'Photos et fichiers des services et catégories, avec leurs textes alternatifs par langue.',
      'Fotos und Dateien der Dienste und Kategorien, mit ihren Alternativtexten je Sprache.',
      'Fotos y archivos de servicios y categorías, con sus textos alternativos por idioma.',
      'Foto e file di servizi e categorie, con i testi alternativi per lingua.',
      'Foto’s en bestanden van diensten en categorieën, met hun alternatieve teksten per taal.',
    ],
  },
  bookings: {
    singular: ['Booking', 'Réservation', 'Buchung', 'Reserva', 'Prenotazione', 'Boeking'],
    plural: ['Bookings', 'Réservations', 'Buchungen', 'Reservas', 'Prenotazioni', 'Boekingen'],
    description: [
      'Demandes à confirmer, réservations à venir et passées. Groupez par statut pour voir ce qui vous attend.',
      'Zu bestätigende Anfragen, kommende und vergangene Buchungen. Nach Status gruppieren, um zu sehen, was wartet.',
      'Solicitudes por confirmar, reservas próximas y pasadas. Agrupe por estado para ver lo que le espera.',
      'Richieste da confermare, prenotazioni future e passate. Raggruppi per stato per vedere cosa la aspetta.',
      'Aanvragen om te bevestigen, komende en voorbije boekingen. Groepeer op status om te zien wat op u wacht.',
    ],
  },
  'blog-posts': {
    singular: ['Blog post', 'Article de blog', 'Blogbeitrag', 'Entrada de blog', 'Articolo del blog', 'Blogbericht'],
    plural: [
      'Blog posts',
      'Articles de blog',
      'Blogbeiträge',
      'Entradas de blog',
      'Articoli del blog',
      'Blogberichten',
    ],
    description: [
      'Articles de blog : brouillons et articles publiés.',
      'Blogbeiträge: Entwürfe und veröffentlichte Artikel.',
      'Entradas de blog: borradores y artículos publicados.',
      'Articoli del blog: bozze e articoli pubblicati.',
      'Blogberichten: concepten en gepubliceerde artikelen.',
    ],
  },
  'blog-comments': {
    singular: [
      'Blog comment',
      'Commentaire de blog',
      'Blogkommentar',
      'Comentario de blog',
      'Commento del blog',
      'Blogreactie',
    ],
    plural: [
      'Blog comments',
      'Commentaires de blog',
      'Blogkommentare',
      'Comentarios de blog',
      'Commenti del blog',
      'Blogreacties',
    ],
    description: [
      'Commentaires publiés, les plus récents d’abord : ouvrez-en un pour le modérer avec un motif.',
      'Veröffentlichte Kommentare, neueste zuerst: öffnen Sie einen, um ihn mit Begründung zu moderieren.',
      'Comentarios publicados, los más recientes primero: abra uno para moderarlo con un motivo.',
      'Commenti pubblicati, i più recenti prima: ne apra uno per moderarlo con un motivo.',
      'Gepubliceerde reacties, nieuwste eerst: open er een om hem met een reden te modereren.',
    ],
  },
  reviews: {
    singular: ['Review', 'Avis', 'Bewertung', 'Reseña', 'Recensione', 'Recensie'],
    plural: ['Reviews', 'Avis', 'Bewertungen', 'Reseñas', 'Recensioni', 'Recensies'],
    description: [
      'Avis des clients sur les services, un par réservation terminée.',
      'Bewertungen der Dienste durch ihre Kunden, eine je abgeschlossener Buchung.',
      'Reseñas de los servicios por sus clientes, una por reserva completada.',
      'Recensioni dei servizi dai loro clienti, una per prenotazione completata.',
      'Recensies van diensten door hun klanten, één per voltooide boeking.',
    ],
  },
  comments: {
    singular: ['Comment', 'Commentaire', 'Kommentar', 'Comentario', 'Commento', 'Reactie'],
    plural: ['Comments', 'Commentaires', 'Kommentare', 'Comentarios', 'Commenti', 'Reacties'],
    description: [
      'Commentaires sur les articles, événements, lieux, galeries, produits et petites annonces.',
      'Kommentare zu Artikeln, Veranstaltungen, Orten, Galerien, Produkten und Kleinanzeigen.',
      'Comentarios sobre artículos, eventos, lugares, galerías, productos y anuncios.',
      'Commenti su articoli, eventi, luoghi, gallerie, prodotti e annunci.',
      'Reacties op artikelen, evenementen, plaatsen, galerijen, producten en zoekertjes.',
    ],
  },
  'forum-threads': {
    singular: [
      'Forum thread',
      'Sujet du forum',
      'Forenthema',
      'Hilo del foro',
      'Discussione del forum',
      'Forumonderwerp',
    ],
    plural: [
      'Forum threads',
      'Sujets du forum',
      'Forenthemen',
      'Hilos del foro',
      'Discussioni del forum',
      'Forumonderwerpen',
    ],
    description: [
      'Sujets du forum, épinglés d’abord puis par dernier message. Épinglez ou fermez un sujet depuis sa page.',
      'Forenthemen, angeheftete zuerst, dann nach letztem Beitrag. Heften oder schließen Sie ein Thema auf seiner Seite.',
      'Hilos del foro, fijados primero y luego por último mensaje. Fije o cierre un hilo desde su página.',
      'Discussioni del forum, prima quelle fissate e poi per ultimo messaggio. Fissi o chiuda una discussione dalla sua pagina.',
      'Forumonderwerpen, vastgezette eerst, dan op laatste bericht. Zet een onderwerp vast of sluit het op zijn pagina.',
    ],
  },
  'forum-posts': {
    singular: [
      'Forum post',
      'Message du forum',
      'Forenbeitrag',
      'Mensaje del foro',
      'Messaggio del forum',
      'Forumbericht',
    ],
    plural: [
      'Forum posts',
      'Messages du forum',
      'Forenbeiträge',
      'Mensajes del foro',
      'Messaggi del forum',
      'Forumberichten',
    ],
    description: [
      'Messages des sujets du forum.',
      'Beiträge der Forenthemen.',
      'Mensajes de los hilos del foro.',
      'Messaggi delle discussioni del forum.',
      'Berichten van de forumonderwerpen.',
    ],
  },
  classifieds: {
    singular: ['Classified', 'Petite annonce', 'Kleinanzeige', 'Anuncio', 'Annuncio', 'Zoekertje'],
    plural: ['Classifieds', 'Petites annonces', 'Kleinanzeigen', 'Anuncios', 'Annunci', 'Zoekertjes'],
    description: [
      'Petites annonces. Celles en attente d’approbation : filtrez par statut En attente, puis approuvez depuis la page de l’annonce.',
      'Kleinanzeigen. Die auf Freigabe wartenden: nach Status „Zur Prüfung“ filtern, dann auf der Seite der Anzeige freigeben.',
      'Anuncios. Los pendientes de aprobación: filtre por estado Pendiente de revisión y apruebe desde la página del anuncio.',
      'Annunci. Quelli in attesa di approvazione: filtri per stato In revisione, poi approvi dalla pagina dell’annuncio.',
      'Zoekertjes. Die op goedkeuring wachten: filter op status In beoordeling en keur goed op de pagina van het zoekertje.',
    ],
  },
  places: {
    singular: ['Place', 'Lieu', 'Ort', 'Lugar', 'Luogo', 'Plaats'],
    plural: ['Places', 'Lieux', 'Orte', 'Lugares', 'Luoghi', 'Plaatsen'],
    description: [
      'Lieux proposés par les membres. Approuvez ou refusez ceux en attente depuis la page du lieu.',
      'Von Mitgliedern vorgeschlagene Orte. Wartende auf der Seite des Ortes freigeben oder ablehnen.',
      'Lugares propuestos por los miembros. Apruebe o rechace los pendientes desde la página del lugar.',
      'Luoghi proposti dai membri. Approvi o respinga quelli in attesa dalla pagina del luogo.',
      'Plaatsen voorgesteld door leden. Keur wachtende goed of af op de pagina van de plaats.',
    ],
  },
  articles: {
    singular: ['Article', 'Article', 'Artikel', 'Artículo', 'Articolo', 'Artikel'],
    plural: ['Articles', 'Articles', 'Artikel', 'Artículos', 'Articoli', 'Artikelen'],
    description: [
      'Articles des membres : brouillons, en attente d’approbation, publiés.',
      'Artikel der Mitglieder: Entwürfe, auf Freigabe wartende, veröffentlichte.',
      'Artículos de los miembros: borradores, pendientes de aprobación, publicados.',
      'Articoli dei membri: bozze, in attesa di approvazione, pubblicati.',
      'Artikelen van leden: concepten, wachtend op goedkeuring, gepubliceerd.',
    ],
  },
  events: {
    singular: ['Event', 'Événement', 'Veranstaltung', 'Evento', 'Evento', 'Evenement'],
    plural: ['Events', 'Événements', 'Veranstaltungen', 'Eventos', 'Eventi', 'Evenementen'],
    description: [
      'Événements annoncés par les membres.',
      'Von Mitgliedern angekündigte Veranstaltungen.',
      'Eventos anunciados por los miembros.',
      'Eventi annunciati dai membri.',
      'Evenementen aangekondigd door leden.',
    ],
  },
  groups: {
    singular: ['Group', 'Groupe', 'Gruppe', 'Grupo', 'Gruppo', 'Groep'],
    plural: ['Groups', 'Groupes', 'Gruppen', 'Grupos', 'Gruppi', 'Groepen'],
    description: [
      'Groupes de membres.',
      'Gruppen von Mitgliedern.',
      'Grupos de miembros.',
      'Gruppi di membri.',
      'Groepen van leden.',
    ],
  },
  galleries: {
    singular: ['Gallery', 'Galerie', 'Galerie', 'Galería', 'Galleria', 'Galerij'],
    plural: ['Galleries', 'Galeries', 'Galerien', 'Galerías', 'Gallerie', 'Galerijen'],
    description: [
      'Galeries photo des membres.',
      'Fotogalerien der Mitglieder.',
      'Galerías de fotos de los miembros.',
      'Gallerie fotografiche dei membri.',
      'Fotogalerijen van leden.',
    ],
  },
  'community-media': {
    singular: [
      'Community media',
      'Média de la communauté',
      'Community-Medium',
      'Medio de la comunidad',
      'Media della comunità',
      'Gemeenschapsmedia',
    ],
    plural: [
      'Community media',
      'Médias de la communauté',
      'Community-Medien',
      'Medios de la comunidad',
      'Media della comunità',
      'Gemeenschapsmedia',
    ],
    description: [
      'Images que les membres envoient pour leurs galeries. Supprimez-en une pour la retirer partout où elle apparaît.',
      'Bilder, die Mitglieder für ihre Galerien hochladen. Löschen Sie eines, um es überall zu entfernen.',
      'Imágenes que los miembros suben a sus galerías. Elimine una para retirarla de todas partes.',
      'Immagini che i membri caricano per le loro gallerie. Ne elimini una per toglierla ovunque sia mostrata.',
      'Afbeeldingen die leden voor hun galerijen uploaden. Verwijder er een om ze overal weg te halen.',
    ],
  },
  products: {
    singular: ['Product', 'Produit', 'Produkt', 'Producto', 'Prodotto', 'Product'],
    plural: ['Products', 'Produits', 'Produkte', 'Productos', 'Prodotti', 'Producten'],
    description: [
      'Produits proposés par les membres.',
      'Von Mitgliedern angebotene Produkte.',
      'Productos ofrecidos por los miembros.',
      'Prodotti offerti dai membri.',
      'Producten aangeboden door leden.',
    ],
  },
  notifications: {
    singular: ['Notification', 'Notification', 'Benachrichtigung', 'Notificación', 'Notifica', 'Melding'],
    plural: ['Notifications', 'Notifications', 'Benachrichtigungen', 'Notificaciones', 'Notifiche', 'Meldingen'],
    description: [
      'Vos propres notifications. Chacun ne voit que les siennes.',
      'Ihre eigenen Benachrichtigungen. Jeder sieht nur seine.',
      'Sus propias notificaciones. Cada usuario ve solo las suyas.',
      'Le sue notifiche. Ogni utente vede solo le proprie.',
      'Uw eigen meldingen. Elke gebruiker ziet alleen de zijne.',
    ],
  },
  users: {
    singular: ['User', 'Utilisateur', 'Benutzer', 'Usuario', 'Utente', 'Gebruiker'],
    plural: ['Users', 'Utilisateurs', 'Benutzer', 'Usuarios', 'Utenti', 'Gebruikers'],
    description: [
      'Les comptes et leurs rôles.',
      'Konten und ihre Rollen.',
      'Las cuentas y sus roles.',
      'Gli account e i loro ruoli.',
      'Accounts en hun rollen.',
    ],
  },
  organizations: {
    singular: ['Organization', 'Organisation', 'Organisation', 'Organización', 'Organizzazione', 'Organisatie'],
    plural: ['Organizations', 'Organisations', 'Organisationen', 'Organizaciones', 'Organizzazioni', 'Organisaties'],
    description: [
      'Organisations qui proposent des services.',
      'Organisationen, die Dienste anbieten.',
      'Organizaciones que ofrecen servicios.',
      'Organizzazioni che offrono servizi.',
      'Organisaties die diensten aanbieden.',
    ],
  },
  memberships: {
    singular: ['Membership', 'Adhésion', 'Mitgliedschaft', 'Afiliación', 'Appartenenza', 'Lidmaatschap'],
    plural: ['Memberships', 'Adhésions', 'Mitgliedschaften', 'Afiliaciones', 'Appartenenze', 'Lidmaatschappen'],
    description: [
      'Qui appartient à quelle organisation, et à quel titre.',
      'Wer zu welcher Organisation gehört, und in welcher Rolle.',
      'Quién pertenece a qué organización, y con qué rol.',
      'Chi appartiene a quale organizzazione, e con quale ruolo.',
      'Wie bij welke organisatie hoort, en in welke rol.',
    ],
  },
  invitations: {
    singular: ['Invitation', 'Invitation', 'Einladung', 'Invitación', 'Invito', 'Uitnodiging'],
    plural: ['Invitations', 'Invitations', 'Einladungen', 'Invitaciones', 'Inviti', 'Uitnodigingen'],
    description: [
      'Invitations à rejoindre une organisation : celles en attente expirent après 48 heures.',
      'Einladungen in eine Organisation: offene verfallen nach 48 Stunden.',
      'Invitaciones a unirse a una organización: las pendientes caducan a las 48 horas.',
      'Inviti a entrare in un’organizzazione: quelli in sospeso scadono dopo 48 ore.',
      'Uitnodigingen voor een organisatie: openstaande vervallen na 48 uur.',
    ],
  },
  profiles: {
    singular: ['Profile', 'Profil', 'Profil', 'Perfil', 'Profilo', 'Profiel'],
    plural: ['Profiles', 'Profils', 'Profile', 'Perfiles', 'Profili', 'Profielen'],
    description: [
      'Profil public de chaque compte (créé avec le compte).',
      'Öffentliches Profil jedes Kontos (mit dem Konto angelegt).',
      'Perfil público de cada cuenta (creado con la cuenta).',
      'Profilo pubblico di ogni account (creato con l’account).',
      'Openbaar profiel van elk account (aangemaakt met het account).',
    ],
  },
  wallets: {
    singular: ['Wallet', 'Portefeuille', 'Guthaben', 'Monedero', 'Portafoglio', 'Portemonnee'],
    plural: ['Wallets', 'Portefeuilles', 'Guthaben', 'Monederos', 'Portafogli', 'Portemonnees'],
    description: [
      'Solde de chaque compte (créé avec le compte).',
      'Guthaben jedes Kontos (mit dem Konto angelegt).',
      'Saldo de cada cuenta (creado con la cuenta).',
      'Saldo di ogni account (creato con l’account).',
      'Saldo van elk account (aangemaakt met het account).',
    ],
  },
  webhooks: {
    singular: ['Webhook', 'Webhook', 'Webhook', 'Webhook', 'Webhook', 'Webhook'],
    plural: ['Webhooks', 'Webhooks', 'Webhooks', 'Webhooks', 'Webhook', 'Webhooks'],
    description: [
      'Applications averties des réservations, de la modération, des signalements et des services au fil de l’eau. Créez-en un au-dessus de la liste (son secret n’est montré qu’une fois) ; ouvrez-en un pour ses envois et pour envoyer un test.',
      'Apps, die laufend von Buchungen, Moderation, Meldungen und Diensten erfahren. Legen Sie einen über der Liste an (sein Geheimnis wird einmal gezeigt); öffnen Sie einen für seine Zustellungen und einen Test.',
      'Aplicaciones avisadas de reservas, moderación, denuncias y servicios al momento. Cree uno encima de la lista (su secreto se muestra una vez); abra uno para ver sus entregas y enviar una prueba.',
      'App avvisate di prenotazioni, moderazione, segnalazioni e servizi mentre accadono. Ne crei uno sopra l’elenco (il segreto è mostrato una volta); ne apra uno per le consegne e per inviare un test.',
      'Apps die meteen horen van boekingen, moderatie, meldingen en diensten. Maak er een boven de lijst (het geheim wordt één keer getoond); open er een voor de leveringen en om een test te sturen.',
    ],
  },
  'webhook-deliveries': {
    singular: [
      'Webhook delivery',
      'Envoi de webhook',
      'Webhook-Zustellung',
      'Entrega de webhook',
      'Consegna del webhook',
      'Webhook-levering',
    ],
    plural: [
      'Webhook deliveries',
      'Envois de webhooks',
      'Webhook-Zustellungen',
      'Entregas de webhooks',
      'Consegne dei webhook',
      'Webhook-leveringen',
    ],
    description: [
      'Chaque envoi de webhook : en attente, réussi ou échoué, avec ses tentatives et la réponse reçue.',
      'Jede Webhook-Zustellung: ausstehend, erfolgreich oder fehlgeschlagen, mit ihren Versuchen und der erhaltenen Antwort.',
      'Cada entrega de webhook: pendiente, correcta o fallida, con sus intentos y la respuesta recibida.',
      'Ogni consegna di webhook: in attesa, riuscita o fallita, con i tentativi e la risposta ricevuta.',
      'Elke webhook-levering: wachtend, gelukt of mislukt, met de pogingen en het ontvangen antwoord.',
    ],
  },
  'audit-logs': {
    singular: [
      'Audit log',
      'Journal d’audit',
      'Prüfprotokoll',
      'Registro de auditoría',
      'Registro di audit',
      'Auditlog',
    ],
    plural: [
      'Audit logs',
      'Journaux d’audit',
      'Prüfprotokolle',
      'Registros de auditoría',
      'Registri di audit',
      'Auditlogs',
    ],
    description: [
      'Qui a fait quoi, sur quoi, depuis où. Les entrées ne peuvent être ni modifiées ni supprimées. Filtrez par action, utilisateur ou date.',
      'Wer was woran von wo getan hat. Einträge können weder geändert noch gelöscht werden. Filtern Sie nach Aktion, Benutzer oder Datum.',
      'Quién hizo qué, sobre qué, desde dónde. Las entradas no se pueden editar ni borrar. Filtre por acción, usuario o fecha.',
      'Chi ha fatto cosa, su cosa, da dove. Le voci non si possono modificare né eliminare. Filtri per azione, utente o data.',
      'Wie wat deed, waaraan, van waar. Items kunnen niet worden gewijzigd of verwijderd. Filter op actie, gebruiker of datum.',
    ],
  },
}
